// Replaying a run with an edited rule table, without a GPU.
//  - decisions: every recorded round whose incumbent was profiled is matched on the same
//    signals and chip twice, with the run's own table (its rules.yaml, as written) and with the
//    edited one; the rounds where the two differ are the decisions the edit changes (round,
//    rule/hypothesis before -> after). Both are static tables, so a threshold edit is judged
//    on its own: on the ON track the evolver may have decided otherwise by then (a proposed
//    rule fired, a retired one was skipped), which is reported per round as `evolved`, not as
//    a change. `--simulate` answers what the edit does to whole runs.
//  - simulate: the whole ablation again, same problems, rounds, seed and tracks, with the
//    edited rules, on a recorded backend built from the run's own measurements.json. Variants
//    the original run never measured come back "not-recorded", never invented. It replays the
//    run's chip only: another chip's compiles were never measured (--chip is refused there).
#pragma once
#include <string>
#include <vector>

#include "engine/loop/ledger.h"
#include "engine/report/summary.h"
#include "engine/run/run_dir.h"
#include "rules/chips.h"
#include "rules/rule_table.h"

namespace solver::engine {

struct ReplayedDecision {
  std::string problem, track;
  int round = 0;
  std::string incumbent;
  std::string old_rule, old_hypothesis;            // under the run's table, as written
  std::string new_rule, new_hypothesis;            // under the edited table
  std::string recorded_rule, recorded_hypothesis;  // what the run decided (evolved table)
  bool changed() const { return old_rule != new_rule || old_hypothesis != new_hypothesis; }
  // The run decided otherwise than its static table would have: evolution at work.
  bool evolved() const {
    return recorded_rule != old_rule || recorded_hypothesis != old_hypothesis;
  }
  // A what-if chip (another than the run's): the run's own table on that chip decides
  // otherwise than on the run's chip, so the chip, not the edit, changes this decision.
  bool by_chip = false;
};

// `original`: the run's own table (nullptr: compare against the recorded decisions instead),
// decided on `run_chip` (the chip the run was made on); `edited` is decided on `chip` (the
// what-if chip, or the run's). A decision the chip changes is listed as changed, by_chip.
std::vector<ReplayedDecision> replay_decisions(const std::vector<RoundRecord>& records,
                                               const rules::RuleTable* original,
                                               const rules::RuleTable& edited,
                                               const rules::ChipProfile& chip,
                                               const rules::ChipProfile& run_chip);
inline std::vector<ReplayedDecision> replay_decisions(const std::vector<RoundRecord>& records,
                                                      const rules::RuleTable* original,
                                                      const rules::RuleTable& edited,
                                                      const rules::ChipProfile& chip) {
  return replay_decisions(records, original, edited, chip, chip);
}

// The signals of every distinct incumbent a run profiled ("problem variant-key", signals), in
// ledger order: what `solver dry-run --chip a100,t4 --run DIR` classifies under other chips.
std::vector<std::pair<std::string, rules::SignalSet>> run_incumbent_signals(
    const std::string& run_dir);

// Checks what a replay of `dir` depends on: the run's rules.yaml against the ledger's
// rules_hash, measurements.json against the manifest's measurements_hash (when finished), and,
// with `problems_root`, each problem's spec and folder hashes. InputError (exit 2) on a mismatch.
// (The integrity seal of a finished run is checked where the run is opened: run_seal.h.)
void verify_run_inputs(const RunDir& dir, const LoadedLedger& loaded,
                       const nlohmann::json& manifest, const std::string& problems_root);

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
