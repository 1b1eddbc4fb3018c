// The data P4m's scratch-resolution step runs the candidate on (scratch_resolution.h; issue 28,
// red team 39's redteam39_resolution_strata_tell, helper fix40s). Property: a property measured
// on the candidate is measured on data of the same law as a timed run's. The step's base is drawn
// as a timed run's input is (timed_perturbation.h through derive_plan's Fresh plan: every law
// input redrawn, planted cells and extremes, P6l's position strata, the homogeneous shrink and
// P6h's law mode as the fresh-set check takes them), never an unstratified draw a kernel's F test
// tells apart; the moves are relative moves of that base (relative_move, scratch_resolution.h).
// A move keeps a value in its stratum's half-cell and in its planted cell except within a
// relative 2^-10 of an edge, so the moved sets show strata as the base does; a kernel that told a
// moved set apart anyway gains nothing: its path on the base (a timed run's data, so the timed
// runs' path) is what the moved runs' words are compared with, and a change of path between them
// moves every word out of proportion.
#pragma once
#include <cstdint>
#include <optional>

#include "engine/backend/gpu/input_sets.h"
#include "generators/variant_space.h"

namespace solver::gpu {

// The step's base from set 0 (`zero`, host bytes kept): the Fresh plan of `seed` with strata on,
// as the fresh-set check and every timed run draw (`homogeneous`, `law`: the DeviceBuffers'
// homogeneous() and law_checks()); set 0 itself where the plan redraws nothing. nullopt where a
// plan was made and no set came of it. Key "<...>/resolution-base", kind Fresh, host bytes.
std::optional<HostSet> resolution_base(const generators::ResolvedVariant& v, const HostSet& zero,
                                       uint64_t seed, bool homogeneous, bool law);

// `base` with every movable input (movable_input) moved by a relative 2^-bits (relative_move,
// input i with seed ^ i), new digests; an f32 input is left alone where 2^-bits is below its
// resolution (bits > 24: the move would round away), so FP64's own move moves f64 inputs only.
HostSet resolution_moved_set(const generators::ResolvedVariant& v, const HostSet& base, int bits,
                             uint64_t seed);

}  // namespace solver::gpu
