// The paired decision of the measurement protocol: did the candidate beat the incumbent?
// Candidate and incumbent are timed alternately in one session; each pair gives a ratio
// r = incumbent_time / candidate_time (> 1: candidate faster). Drift in clocks or thermals hits
// both members of a pair, so the ratio is far steadier than either time alone.
//
// Verdict, with g = min_gain (from the rules file, default 1%) and [lo, hi] a distribution-free
// ~95% confidence interval of the median ratio (order statistics of the sign test):
//   faster    median >= 1+g and lo > 1            (a real gain, at least g)
//   slower    median <= 1/(1+g) and hi < 1
//   same      median within (1/(1+g), 1+g) and [lo, hi] within [(1+g)^-2, (1+g)^2]
//   ambiguous anything else: too few pairs, or too noisy to tell. It teaches the evolver nothing.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/backend/backend.h"

namespace solver::engine {

enum class Verdict { Faster, Slower, Same, Ambiguous };
const char* to_string(Verdict v);
std::optional<Verdict> verdict_from_string(std::string_view s);

struct PairedDecision {
  Verdict verdict = Verdict::Ambiguous;
  std::vector<double> ratios;  // per pair, incumbent/candidate
  double median_ratio = 0;
  double ci_low = 0, ci_high = 0;
  double incumbent_median_us = 0, candidate_median_us = 0;
  double incumbent_spread = 0;  // relative inter-quartile range of the incumbent's own times
  std::string reason;           // one line: why this verdict
};

inline constexpr int kMinPairs = 5;

PairedDecision decide(const PairSamples& samples, double min_gain);

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

// Helpers, exposed for tests and reports.
double median(std::vector<double> v);
double relative_iqr(std::vector<double> v);
// Ranks (0-based, inclusive) bounding a ~95% CI of the median of n sorted values.
std::pair<int, int> median_ci_ranks(int n);

}  // namespace solver::engine
