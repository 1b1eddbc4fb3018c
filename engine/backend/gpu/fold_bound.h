// The conditioning bound of an off-law audit (docs/reliability.md P6p, issue 28, helper fr35).
// Off the declared law (P13's cells, P6c's shrink) the values of an input move away from the
// law's centre, and an output that sums centred terms (x - c, c the law's centre: a covariance,
// a centred moment, control_redteam32_kind_tail_rec's companions 34,000 x_p + b_i sum (x - 1))
// cancels: an honest FP32 kernel errs by its rounding of the parts it adds, ~u32 x their
// magnitude, which may be hundreds of times the declared rtol x |reference| (the control: 3.9-18
// tolerances on a quarter of its off-law runs, 0.15-0.23 on the law; tests/engine/fr35_cond_sim).
// The reference on |inputs| (compare()'s magnitude on the heavy sets) does not see it: those
// inputs are positive. Its generalisation does: the reference on the inputs folded about their
// law's centre, x -> c + |x - c| (c = 0 is |x|), is the sum of the magnitudes of the centred
// terms, and bounds the parts an honest kernel adds whatever order it adds them in (triangle
// inequality). The bound then allows kFoldUlps u32 of that magnitude beyond the declared one:
// a multiple of FP32 rounding, not of the declared rtol, so that a sampler's error (a random walk
// of the terms it skips, ~sqrt(n) of them against n u32 here) stays outside it.
// Pure host code: tests/engine/fold_bound_test.cpp.
#pragma once
#include <optional>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "generators/variant_space.h"

namespace solver::gpu {

// The allowance's multiple of u32 = 2^-24 on the folded reference (fr35_cond_sim: the control's
// companions need ~5 at worst over 64 off-law runs; 16 leaves a factor 3).
inline constexpr double kFoldUlps = 16;

// `base` with every float32 and float64 input (role in or in-out) whose law has a centre
// (uniform and sorted: (a + b) / 2; normal: its mean a) folded about it: x -> c + |x - c|,
// rounded to the input's format; key `<base key>/folded`. nullopt where nothing moves (no such
// input, or every value already at or above its centre). `base` must hold host bytes.
std::optional<HostSet> centre_fold_set(const generators::ResolvedVariant& variant,
                                       const HostSet& base);

// compare()'s `magnitude` argument for the folded reference `folded` (per output, as the
// reference outputs): each value scaled so that compare()'s magnitude term, magnitude_rtol(rtol)
// x |magnitude|, is kFoldUlps u32 x |folded|. `tols[k]` the tolerance output k is compared at;
// an output whose magnitude_rtol is 0 (rtol 0: exact) gets zeros (no allowance).
std::vector<HostDoubles> fold_allowance(const std::vector<HostDoubles>& folded,
                                        const std::vector<generators::Tolerance>& tols);

}  // namespace solver::gpu
