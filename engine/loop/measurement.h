// What the loop adds to the paired verdict (engine/backend/paired_verdict.h, the measurement
// protocol's decision): whether the candidate's paired time agrees with its gate's.
#pragma once
#include <string>
#include <vector>

#include "engine/backend/paired_verdict.h"

namespace solver::engine {

// Does a candidate's paired time agree with the time its own gate measured? A kernel that can
// tell the gate from the paired timing (launch counts, spacing, a cache warmed by the gate's
// inputs) shows as a gap between the two. "Beyond noise": the ratio of the medians,
// gate / paired, must lie within [1/(1+a), 1+a] with
//   a = max(kTimingSlack, 4 * relative IQR of the incumbent's paired times).
// The noise is measured on the incumbent, timed in the same session and trusted: the
// candidate's own spread cannot widen the band (a cheat that switches behaviour mid-series
// has a bimodal, wide spread of its own). kTimingSlack = 0.25: on the H200 recording every
// honest variant's gate median agrees with its timed median to 0.9% (relative IQRs up to
// 2.6%), so the slack is ~25x the largest honest gap, while the cheats this is for differ
// 2.5-70x. Fewer than 3 valid samples on either side is "consistent": nothing to compare.
inline constexpr double kTimingSlack = 0.25;
struct TimingConsistency {
  bool consistent = true;
  double ratio = 1;    // median(gate) / median(paired)
  double allowed = 0;  // a
  std::string reason;
};
TimingConsistency timing_consistency(const std::vector<double>& gate_us,
                                     const std::vector<double>& paired_us,
                                     const std::vector<double>& incumbent_us);

}  // namespace solver::engine
