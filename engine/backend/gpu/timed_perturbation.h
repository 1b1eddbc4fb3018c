// What every timed run sees (docs/reliability.md P6, issue 28): before each timed run, on the
// device and outside the timed window, a quarter of the positions of every input buffer that
// may change are changed, at places drawn from a key this process draws at random:
//  - float inputs (perturbable: f16/bf16/f32/f64, in or inout, not dist_fixed): the sign of
//    each chosen element flipped (|x| kept, so a reference on |inputs| still bounds it);
//  - integer `in` inputs drawn element by element (randint, uniform, mask): each chosen element
//    redrawn from the declared distribution (a histogram, a sum or a count moves, not only the
//    order of the values);
//  - permutations (a permutation is the declared distribution: only an exchange keeps it) and
//    integer normals: a quarter of the positions exchanged in disjoint seeded pairs. A
//    permutation-invariant output of a permutation input cannot be perturbed at all.
// So an output depending on many inputs moves far beyond any tolerance between two timed
// runs, and an incremental answer from an earlier run costs a scattered update of a quarter of
// the inputs (3/8 between two consecutive runs), no cheaper than the work itself.
// One definition, the host's (this file); the device kernels (derive_source.h) are held to it
// byte for byte by the worker's self-check at start (device_derive.cpp) and by a host test
// that runs their source as C++ (tests/engine/gpu_derive_emulation_test.cpp). The audit
// (run_audit.cpp) re-makes a run's perturbation from its seed: the same bytes by construction.
#pragma once
#include <cstdint>
#include <vector>

#include "generators/variant_space.h"

namespace solver::gpu {

// One position in kPerturbOneIn is changed (a chosen pair, for Pairs).
inline constexpr int kPerturbOneIn = 4;

enum class PerturbOp { Signs, Redraw, Pairs };

struct Perturbation {
  size_t buffer = 0;  // index into the variant's buffers
  PerturbOp op = PerturbOp::Signs;
  uint64_t seed = 0;  // this buffer's draws
  // Redraw: the value lo + w % range (range 0: every 64-bit value), or for a mask 1 where
  // (w >> 11) < threshold (probability threshold / 2^53), else 0.
  int64_t lo = 0;
  uint64_t range = 0;
  bool mask = false;
  uint64_t threshold = 0;
  // Pairs: pair j exchanges the elements at p(2j) and p(2j+1), p(t) = (mult * t + add) % n, a
  // bijection (mult coprime to n), so the pairs are disjoint.
  uint64_t mult = 1, add = 0;
};

// The perturbations of one timed run, one per input buffer that may change, with draws from
// `run_seed` (empty: nothing may change).
std::vector<Perturbation> timed_perturbations(const generators::ResolvedVariant& v,
                                              uint64_t run_seed);
// Signs and Pairs undo themselves when made again; a Redraw needs the bytes it replaced.
bool self_inverse(PerturbOp op);
// Whether element (or pair) i is chosen under `seed`.
bool perturb_chosen(uint64_t seed, int64_t i);
// `p` on one buffer's host bytes, in place. `element_size` overrides the buffer's (8: the
// reference's float64 copy of an in-out buffer, whose sign bytes sit at the same elements).
void apply_perturbation(const generators::ResolvedBuffer& b, unsigned char* data,
                        const Perturbation& p, size_t element_size = 0);

}  // namespace solver::gpu
