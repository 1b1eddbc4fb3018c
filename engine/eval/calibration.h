// Calibrating the paired verdict (measurement.h): how often it says faster / slower / same /
// ambiguous when the answer is known.
//  - identical arms: candidate = incumbent (the same variant at the same knob point), timed
//    through the backend's time_pairs exactly as a round times a candidate, decided by the
//    same decide(). Every "faster" is a false win; the loop would have kept a kernel that is
//    not faster. The false-faster rate is given with its one-sided 95% upper bound.
//  - known k% slower (--slowdown K): each identical-arm trial's candidate samples multiplied by
//    1 + K/100 before deciding. The arms keep the real pair-to-pair noise of the device and
//    differ by exactly K% (no kernel edit can promise an exact K); what it measures is the
//    verdict rule's detection power at K% under that noise. "slower" is the right answer.
//  - a real slower kernel (--against P=KEY): the problem's variant against another point of
//    its pool, whose difference is measured in the same run without pairing (medians of
//    unpaired time samples of both): the detection rate against a kernel that really is slower.
// docs/loop.md ("Calibrating the verdict") says which to read how.
#pragma once
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/backend/backend.h"
#include "engine/loop/measurement.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"

namespace solver::engine {

struct VerdictCounts {
  int faster = 0, slower = 0, same = 0, ambiguous = 0, failed = 0;
  int decided() const { return faster + slower + same + ambiguous; }
  void add(Verdict v);
  void add(const VerdictCounts& o);
  nlohmann::json to_json() const;
};

// One-sided 95% upper bound of a binomial rate with `k` hits in `n` trials (Clopper-Pearson).
double rate_upper_bound(int k, int n, double confidence = 0.95);

struct CalibrationOptions {
  std::vector<std::string> problems;
  std::map<std::string, std::string> variants;  // problem -> variant key (default: the seed)
  std::map<std::string, std::string> against;   // problem -> a slower variant key of its pool
  int trials = 50;                              // per problem
  int pairs = 16;                               // per trial, as in a round (the cap)
  bool sequential = true;     // decide as a round does: at the first look that decides
  bool adaptive = false;      // the adaptive rule (P10): the pilot's spread sets the cap
  int unpaired_samples = 40;  // for --against: samples of each arm, unpaired
  uint64_t seed = 1;
  double min_gain = 0.01;  // the verdict threshold (the rules file's evolution.min_gain)
  std::vector<double> slowdowns_pct;
  bool quiet = false;
};

struct CalibrationRow {
  std::string problem, incumbent, candidate;
  std::string kind;  // "identical", "scaled +K%", "against"
  double k_pct = 0;  // the known difference (for "against": measured unpaired)
  VerdictCounts counts;
  std::vector<double> median_ratios;  // per trial, incumbent/candidate
  double ms_per_trial = 0;  // wall time of one trial's timing (identical and against rows)
  double pairs_used = 0;    // mean pairs the verdict read (sequential: where it stopped)
};

struct CalibrationResult {
  std::string backend_line;
  int pairs = 0;
  bool sequential = false;
  bool adaptive = false;
  double min_gain = 0;
  std::vector<CalibrationRow> rows;
  double wall_s = 0;
  bool complete = false;  // every problem done (a checkpoint written mid-run says false)
  VerdictCounts totals(const std::string& kind) const;
  nlohmann::json to_json() const;
  void print(std::ostream& out) const;
};

// `specs` by problem name; `chip` for the seed's default knob point.
// `checkpoint` (optional) sees the result so far after each problem, so a run cut short (a
// device time limit) still leaves every finished problem's figures behind.
CalibrationResult run_calibration(
    Backend& backend, const std::map<std::string, generators::ProblemSpec>& specs,
    const rules::ChipProfile& chip, const CalibrationOptions& options, std::ostream& err,
    const std::function<void(const CalibrationResult&)>& checkpoint = {});

}  // namespace solver::engine
