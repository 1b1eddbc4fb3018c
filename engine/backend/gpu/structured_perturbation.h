// The timed perturbation of structured inputs (timed_perturbation.h, docs/reliability.md P6b),
// host definition: a cycle conjugated by a keyed pseudorandom involution, a permutation
// relabelled by one and exchanged in a seeded half of keyed pairs, sorted keys redrawn segment
// by segment between anchors, csr row offsets place by place between their neighbours. The
// device kernels (derive_source.cpp: solver_perturb_relabel, solver_perturb_segments,
// solver_perturb_resample) are held to these byte for byte.
#pragma once
#include <cstdint>

#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/variant_space.h"

namespace solver::gpu {

// Pairs and Conjugate (pair_relabel.h) on `n` integers of perturb_type `type` (or their doubles
// when `as_double`): c' = s o c o t, s the involution of p.value_key's pairs, t the exchanges of
// p.pair_key's pairs (all of them, or where p.subset a seeded half). A cycle (value_key ==
// pair_key, every pair): c' = s o c o s, a conjugation, still one cycle. Self-inverse.
void relabel_pairs(unsigned char* data, int64_t n, const Perturbation& p, int type, bool as_double);
// The longest segment Segments redraws (timed_perturbations draws p.block in 4..64).
inline constexpr int kMaxSegment = 64;
// Sorted keys: between anchors every p.block places (and the last), each segment's places
// redrawn as sorted uniform draws between its anchors' values.
void redraw_segments(const generators::ResolvedBuffer& b, unsigned char* data,
                     const Perturbation& p, int type, bool as_double);
// Whether place k is one a Resample redraws: in blocks of p.block places, the places of a
// parity drawn per block, never two neighbours.
bool resampled(const Perturbation& p, int64_t k);
// Row offsets: every place `resampled` picks redrawn between its two neighbours, inside the
// range of its two rows' degrees (sorted keys too where p.degrees is 0; the first and last
// places stay).
void resample_between(const generators::ResolvedBuffer& b, unsigned char* data,
                      const Perturbation& p, int type, bool as_double);

}  // namespace solver::gpu
