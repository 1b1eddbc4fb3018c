// Replaying a run with an edited rule table, without a GPU.
//  - decisions: every recorded round whose incumbent was profiled is matched again with the
//    edited table on the same signals and chip; the decisions that differ are listed (round,
//    old rule/hypothesis -> new). ON-track rounds are re-decided against the edited table as
//    written (not as the evolver would have changed it by then): a threshold edit is judged
//    on its own. `--simulate` answers the rest.
//  - simulate: the whole ablation again, same problems, rounds, seed and tracks, with the
//    edited rules, on a recorded backend built from the run's own measurements.json. Variants
//    the original run never measured come back "not recorded" (gate-failed), never invented.
#pragma once
#include <string>
#include <vector>

#include "engine/ledger.h"
#include "engine/summary.h"
#include "rules/chips.h"
#include "rules/rule_table.h"

namespace solver::engine {

struct ReplayedDecision {
  std::string problem, track;
  int round = 0;
  std::string incumbent;
  std::string old_rule, old_hypothesis;  // as recorded
  std::string new_rule, new_hypothesis;  // under the edited table
  bool changed() const { return old_rule != new_rule || old_hypothesis != new_hypothesis; }
};

std::vector<ReplayedDecision> replay_decisions(const std::vector<RoundRecord>& records,
                                               const rules::RuleTable& table,
                                               const rules::ChipProfile& chip);

// The signals of every distinct incumbent a run profiled ("problem variant-key", signals), in
// ledger order: what `solver dry-run --chip a100,t4 --run DIR` classifies under other chips.
std::vector<std::pair<std::string, rules::SignalSet>> run_incumbent_signals(const std::string& run_dir);

struct SimulationResult {
  std::string out_dir;
  Summary before, after;
};

// Re-runs the ablation of `run_dir` with `rules_path` into `out_dir` (empty: a fresh
// runs/<id>), on its measurements.json.
SimulationResult simulate_run(const std::string& run_dir, const std::string& rules_path,
                              const std::string& chips_path, const std::string& problems_root,
                              const std::string& out_dir, std::ostream& err);

}  // namespace solver::engine
