// The NVRTC source of the device half of the derived input sets (device_derive.h): the same
// transforms as scale_pow2, heavy_signed and sparse_sign_flips in input_sets.h, written to give
// the host's bytes exactly (the same draws, the same double arithmetic, the same f16/bf16
// rounding code), so one definition, the host's, is what the self-check holds the device to.
// Pure host code: the source compiles with NVRTC on a machine without a GPU (tests).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "generators/variant_space.h"

namespace solver::gpu {

// The element formats the kernels take (their `dtype` argument).
enum class DeriveType : int { F32 = 0, F64 = 1, F16 = 2, BF16 = 3 };
std::optional<DeriveType> derive_type(generators::DType d);  // nullopt: not a float buffer

// extern "C" kernels, each a grid-stride loop over n elements at `data`:
//   solver_scale_pow2(data, n, type, factor)  every element times factor (+-2^e)
//   solver_heavy_signed(data, n, type, seed, absolute, sparse)   random sign (absolute 0),
//                                              |x| (1) or the value's own sign (2); magnitude
//                                              / 2^g (1 in 16 kept), or with sparse > 0 one in
//                                              `sparse` kept and the rest 0 (heavy_kept)
//   solver_sign_flips(data, n, size, seed, count)  sign of ~1 in 256 flipped; adds to *count
//   solver_flip_byte(bytes, offset)            the sign byte at offset flipped (one thread)
//   solver_perturb_redraw / _pairs             a timed run's perturbation (timed_perturbation.h)
//   solver_echo(data, n, size, family, block, parity, cls, keep_ends, key)
//                                              a lint echo (echo_map.h; key: a pair family's
//                                              judging key, 0 the public classes)
const char* derive_source();
// NVRTC options for `arch`: -fmad=false (no multiply fused with anything the host does apart)
// and -ftz=false (subnormal results kept, as on the host).
std::vector<std::string> derive_options(const std::string& arch);

}  // namespace solver::gpu
