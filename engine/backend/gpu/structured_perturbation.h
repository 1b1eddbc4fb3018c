// The timed perturbation of structured inputs (timed_perturbation.h, docs/reliability.md P6b),
// host definition: a cycle conjugated by the pairs' involution, sorted keys and csr row offsets
// reflected by seeded segments between anchors. The device kernels (derive_source.cpp:
// solver_perturb_conjugate, solver_perturb_mirror) are held to these byte for byte.
#pragma once
#include <cstdint>

#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/variant_space.h"

namespace solver::gpu {

// c' = s o c o s on `n` integers of perturb_type `type` (or their doubles when `as_double`).
void conjugate_cycle(unsigned char* data, int64_t n, const Perturbation& p, int type,
                     bool as_double);
// Segments of p.block places between anchors, a seeded half reflected and reversed.
void mirror_segments(const generators::ResolvedBuffer& b, unsigned char* data,
                     const Perturbation& p, int type, bool as_double);

}  // namespace solver::gpu
