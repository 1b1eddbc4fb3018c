// What the loop adds to the paired verdict (engine/backend/paired_verdict.h, the measurement
// protocol's decision): whether the candidate's paired time agrees with its gate's.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/backend/paired_verdict.h"

namespace solver::engine {

// Does a candidate's paired time agree with the time its own gate measured? A kernel that can
// tell the gate from the paired timing (launch counts, spacing, a cache warmed by the gate's
// inputs) shows as a gap between the two (docs/reliability.md, P9: consistent within noise).
// With m_g, m_p the medians of the gate's and the paired candidate's times, the gap
// d = |ln(m_g / m_p)| must stay within
//   a = kPlacementFloor + kConsistencyZ * 1.2533 * sqrt(s_g^2 / n_g + s_p^2 / n_p),
// s = min(kSpreadCap, 1.4826 x MAD / median) of each side's own times (a robust standard
// deviation of ln t), 1.2533 / sqrt(n) the standard error of a median in those units.
//  - kPlacementFloor = 0.10: the gate and the pairs run on different allocations, and an honest
//    kernel's time depends on where its buffers land. The largest honest gap measured is
//    |ln| 0.0906 (reduce/sequential, 530 us gated, 484 us paired, live ablation
//    docs/results/h200-2026-11-29c; the reduce's time is bimodal in placement), 0.028 since
//    2026-12-01, 0.0187 over the 252 variants of tests/data/recordings/h200.json (p99 0.0126).
//  - kSpreadCap = 0.03: the largest honest robust spread in that recording is 0.023; a cheat
//    cannot widen the band by making its own times noisy (a bimodal series, a random delay).
//    With the cap the band is at most 0.10 + 3 x 1.2533 x 0.03 x sqrt(1/6 + 1/8) = 0.161, so
//    a kernel 1.2x faster paired than gated (ln 1.2 = 0.182) is flagged whatever its spread.
//  - False flags, the noise model: ln t normal around each side's level, the levels apart by a
//    placement offset |delta| <= kPlacementFloor, spreads under the cap. Then
//    P(flag) <= P(|N(0, SE^2)| > 3 SE_hat) ~ 2 x (1 - Phi(3)) = 0.27% at the worst offset ever
//    measured, and far less at a typical one (median gap 0.0014); measurement_test simulates
//    it with the 6 gate samples' noisy spread estimate (see the test for the rate).
// Fewer than 3 valid samples on either side is "consistent": nothing to compare.
inline constexpr double kPlacementFloor = 0.10;
inline constexpr double kSpreadCap = 0.03;
inline constexpr double kConsistencyZ = 3.0;
struct TimingConsistency {
  bool consistent = true;
  double ratio = 1;    // median(gate) / median(paired)
  double allowed = 0;  // a, on |ln ratio|
  std::string reason;
};
// 1.4826 x MAD / median of positive finite times (0 with fewer than 2).
double robust_log_spread(const std::vector<double>& us);
TimingConsistency timing_consistency(const std::vector<double>& gate_us,
                                     const std::vector<double>& paired_us);

// Red team 34 (tests/cheats/redteam34_own_buffers_placement): the pairs ran on separate
// allocations (PairSamples::shared_buffers false: the members' buffer layouts differ, e.g. a
// knob-sized scratch, which the candidate chooses). Identical arms on separate allocations were
// called faster in 41 of 208 live trials (docs/benchmarks.md 2026-12-01: the member prepared
// second ~1% faster, up to ~1.8%), a bias ABBA does not cancel. Until both arms run on one
// layout, a "faster" on separate buffers needs a median ratio of at least
// kSeparateBuffersMinRatio; below it the verdict is ambiguous (not kept). Cost: an honest
// candidate with a knob-sized scratch and a gain under 3% is not kept on that gain. Residual:
// the largest honest placement gap ever measured (reduce, bimodal, |ln| 0.09) is above it.
inline constexpr double kSeparateBuffersMinRatio = 1.03;
PairedDecision on_separate_buffers(PairedDecision verdict, std::optional<bool> shared_buffers);

}  // namespace solver::engine
