// What an ablation found, per problem and track, computed from the ledger (so `solver report
// DIR` regenerates it from a run directory) and, where the run has one, its oracle.json: best
// time and its precision class, rounds to best, how the track ended, the ON track's
// retirements and proposals, the OFF/ON ratio, and against the pool's oracle each track's
// ratio to the best point and the round it first came within 2% of it; against the floor
// (oracle.h) each track's % of what the chip allows.
#pragma once
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/loop/ledger.h"
#include "engine/loop/oracle.h"

namespace solver::engine {

// A track is "at the oracle" once its best is within this factor of the pool's best.
inline constexpr double kOracleTolerance = 1.02;

struct TrackSummary {
  bool present = false;
  double seed_us = 0;  // the seed variant's unprofiled median
  double best_us = 0;  // the final incumbent's recorded time (P6g: held to its law gains)
  std::string seed_variant, best_variant;
  std::string seed_precision, best_precision;  // precision classes ("" when the ledger lacks them)
  int rounds = 0;                              // rounds recorded
  int rounds_to_best = 0;  // round that kept the final incumbent (0: the seed stayed)
  int kept = 0, rejected = 0, gate_failed = 0, no_variant = 0, refused = 0;
  int generator_failed = 0;  // rounds whose external generator attempts all failed
  int not_recorded = 0;      // rounds the recording could not answer (recorded backend)
  std::string ended;         // "stop", "converged", "budget", "incumbent failed",
                             // "spec refused" (the seed's gate: invalid_spec), "running"
  // Kept rounds whose candidate has another precision class than the incumbent it replaced:
  // "r5 coalesced (fp32) -> wmma_tf32 (tf32)".
  std::vector<std::string> class_changes;
  std::vector<std::pair<int, double>> best_by_round;  // (round, best so far), round 0 = seed
  // Against the oracle (0 / -1 when the pool's best is not known).
  double oracle_ratio = 0;       // best_us / the pool's best
  int within_oracle_round = -1;  // first round whose best so far is within 2% of it
  double floor_us = 0;           // the floor of the best variant's class
  double floor_pct = 0;          // floor_us / best_us * 100
};

struct ProblemSummary {
  std::string problem;
  TrackSummary off, on;
  std::vector<std::string> retirements;  // "rule: retired at ... because ..."
  std::vector<std::string> proposals;    // "rule: when ... -> hypothesis"
  double off_on_ratio = 0;               // off.best_us / on.best_us (> 1: evolution won)
  std::string verdict;                   // one plain sentence
  std::string ahead;                     // "on", "off", "same"; "" when a track is missing
  // The pool's best point the tracks are held against: of the seed's class under
  // --precision same, else of any class. Empty when the pool is not known.
  std::string oracle_key, oracle_precision;
  double oracle_us = 0;
  bool oracle_complete = false;  // every valid point of the pool has a time
  // The best of any class, when it differs from the one above (under --precision same).
  std::string oracle_any_key, oracle_any_precision;
  double oracle_any_us = 0;
  std::map<std::string, double> floors;  // floor per precision class of the pool
};

struct Summary {
  std::vector<ProblemSummary> problems;
  std::string backend_line;               // the run's first stdout line
  std::string off_policy = "first-rule";  // of the run (ledger header; older runs: first-rule)
  std::string precision = "any";
  std::string oracle_source;  // "" = the pool's best is not known
  std::string floor_source;
  // The device the run measured on (engine/report/device_block.h): name, driver, clocks, memory,
  // ECC where known. Null when unknown (older runs).
  nlohmann::json device = nullptr;
  nlohmann::json to_json() const;
  void print_table(std::ostream& out) const;
  // "ON ahead on 4, OFF on 1, same on 12 (of 17 problems)": the ablation at a glance.
  std::string verdict_line() const;
};

// `rounds` is the budget per track (from the ledger header), `min_gain` the verdict threshold
// (a ratio within it counts as "no difference"); `oracle` may be null (no oracle.json).
Summary build_summary(const std::vector<RoundRecord>& records, int rounds, double min_gain,
                      const std::vector<std::string>& problem_order,
                      const PoolOracle* oracle = nullptr, const std::string& precision = "any");

// "2.42 ms", "148 us": 3 significant digits, the unit that keeps the number readable.
std::string format_us(double us);

}  // namespace solver::engine
