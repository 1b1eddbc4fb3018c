// The paired decision of the measurement protocol (DESIGN.md; docs/benchmarks.md): did the
// candidate beat the incumbent? Candidate and incumbent are timed alternately in one session;
// each pair gives a ratio r = incumbent_time / candidate_time (> 1: candidate faster). Drift in
// clocks or thermals hits both members of a pair, so the ratio is far steadier than either
// time alone.
//
// Verdict, with g = min_gain (from the rules file, default 1%) and [lo, hi] a distribution-free
// confidence interval of the median ratio at level 1 - alpha (order statistics of the sign
// test):
//   faster    median >= 1+g and lo > 1            (a real gain, at least g)
//   slower    median <= 1/(1+g) and hi < 1
//   same      median within (1/(1+g), 1+g) and [lo, hi] within [(1+g)^-2, (1+g)^2]
//   ambiguous anything else: too few pairs, or too noisy to tell. It teaches the evolver nothing.
// A median reads only the typical run: a candidate slow on a minority of runs (red team 34: 48 x
// on one run in 16, slower in total) passes it. The totals are judged per round, over every
// timed run of both arms (engine/backend/tail_charge.h, P10t); mean_ratio = sum(incumbent) /
// sum(candidate) over the pairs is recorded here and bounds a tie (kTieMeanFloor).
//
// Sequential pairs (PairPlan): the timing stops at the first *look* (after 8, 12, 16 ... pairs,
// and at the cap) where the verdict is decided. Each look uses alpha / K (K looks), so by the
// union bound the chance that any look calls an identical pair "faster" stays below the
// one-sided alpha/2 of a single look at level alpha, whatever rule chose the stopping point.
// This lives under the seam because the worker applies the stopping rule while it times.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/backend/backend.h"

namespace solver::engine {

enum class Verdict { Faster, Slower, Same, Ambiguous };
const char* to_string(Verdict v);
std::optional<Verdict> verdict_from_string(std::string_view s);

struct PairedDecision {
  Verdict verdict = Verdict::Ambiguous;
  std::vector<double> ratios;  // per pair, incumbent/candidate
  // The law pairs' ratios where they were timed and read (P6d, decide_on_law); else empty.
  std::vector<double> law_ratios;
  double median_ratio = 0;
  double ci_low = 0, ci_high = 0;
  double incumbent_median_us = 0, candidate_median_us = 0;
  // Over the valid pairs: sum(incumbent) / sum(candidate), and each arm's mean (red team 34).
  double mean_ratio = 0;
  double incumbent_mean_us = 0, candidate_mean_us = 0;
  double incumbent_spread = 0;  // relative inter-quartile range of the incumbent's own times
  std::string reason;           // one line: why this verdict
};

// The verdict on `samples` at two-sided level 1 - alpha.
PairedDecision decide(const PairSamples& samples, double min_gain, double alpha = kAlpha);
// The verdict under `plan` (its look level; the reason names the look).
PairedDecision decide(const PairSamples& samples, const PairPlan& plan);
// The sequential rule replayed on a full series (timed with every pair): the verdict at the
// first look that decides, else at the last. What a sequential timing of the same series
// would have concluded (the worker stops on event times; this reads the samples given).
PairedDecision decide_sequentially(const PairSamples& full, const PairPlan& plan);
// Whether timing may stop after these pairs: `n` pairs done is a look of the plan and the
// verdict there is decided (faster, slower or same). Fixed plans stop at max_pairs only.
bool stop_after(const std::vector<double>& incumbent_us, const std::vector<double>& candidate_us,
                const PairPlan& plan);

// A tie (knob_screen.h tie_keep, law_verdict.h tie_holds_on_law) claims "no slower"; its totals
// may be at most this far below the incumbent's (mean_ratio >= kTieMeanFloor): the same 1% band
// as the default min gain, so an honest identical pair (mean ratio 1 +- a few 0.1%) keeps its
// tie rate while a slow-tail candidate (red team 34: mean ratio ~0.4 once a slow run is seen)
// loses it.
inline constexpr double kTieMeanFloor = 0.99;

// Helpers, exposed for tests and reports.
double median(std::vector<double> v);
double relative_iqr(std::vector<double> v);
// Ranks (0-based, inclusive) bounding a confidence interval (level 1 - alpha, default ~95%)
// of the median of n sorted values; the full range where n is too small for the level.
std::pair<int, int> median_ci_ranks(int n, double alpha = kAlpha);

}  // namespace solver::engine
