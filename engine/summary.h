// What an ablation found, per problem and track, computed from the ledger alone (so
// `solver report DIR` regenerates it from a run directory): best time, rounds to best, how the
// track ended, the ON track's retirements and proposals, and the OFF/ON ratio.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/ledger.h"

namespace solver::engine {

struct TrackSummary {
  bool present = false;
  double seed_us = 0;       // the seed variant's unprofiled median
  double best_us = 0;       // the final incumbent's
  std::string seed_variant, best_variant;
  int rounds = 0;           // rounds recorded
  int rounds_to_best = 0;   // round that kept the final incumbent (0: the seed stayed)
  int kept = 0, rejected = 0, gate_failed = 0, no_variant = 0;
  std::string ended;        // "stop", "converged", "budget", "incumbent failed", "running"
};

struct ProblemSummary {
  std::string problem;
  TrackSummary off, on;
  std::vector<std::string> retirements;  // "rule: retired at ... because ..."
  std::vector<std::string> proposals;    // "rule: when ... -> hypothesis"
  double off_on_ratio = 0;               // off.best_us / on.best_us (> 1: evolution won)
  std::string verdict;                   // one plain sentence
};

struct Summary {
  std::vector<ProblemSummary> problems;
  std::string backend_line;  // the run's first stdout line
  nlohmann::json to_json() const;
  void print_table(std::ostream& out) const;
};

// `rounds` is the budget per track (from the ledger header), `min_gain` the verdict threshold
// (a ratio within it counts as "no difference").
Summary build_summary(const std::vector<RoundRecord>& records, int rounds, double min_gain,
                      const std::vector<std::string>& problem_order);

}  // namespace solver::engine
