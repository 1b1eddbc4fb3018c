#include "engine/run/replay.h"

#include <optional>
#include <ostream>
#include <set>

#include <filesystem>
#include <map>
#include "engine/backend/json_util.h"
#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "engine/run/ablation.h"
#include "engine/run/run_dir.h"
#include "engine/run/run_inputs.h"
#include "engine/run/run_seal.h"
#include "generators/problem_spec.h"
#include "rules/hash.h"
#include "rules/matcher.h"

namespace solver::engine {

std::vector<ReplayedDecision> replay_decisions(const std::vector<RoundRecord>& records,
                                               const rules::RuleTable* original,
                                               const rules::RuleTable& edited,
                                               const rules::ChipProfile& chip,
                                               const rules::ChipProfile& run_chip) {
  std::vector<ReplayedDecision> out;
  rules::Matcher matcher(edited);
  std::optional<rules::Matcher> base;
  if (original) base.emplace(*original);
  const bool what_if = chip.id != run_chip.id;
  rules::Matcher own(original ? *original : edited);  // the chip's effect alone
  for (const auto& r : records) {
    if (r.signals.values.empty()) continue;  // converged, or an incumbent never profiled
    ReplayedDecision d;
    d.problem = r.problem;
    d.track = r.track;
    d.round = r.round;
    d.incumbent = r.incumbent;
    d.recorded_rule = r.match.fired;
    d.recorded_hypothesis = r.match.hypothesis;
    d.old_rule = r.match.fired;
    d.old_hypothesis = r.match.hypothesis;
    const rules::SignalVector by_id(r.signals);  // names resolved once, for every match below
    if (base) {
      rules::MatchResult b = base->match(by_id, run_chip);
      d.old_rule = b.fired ? b.fired->id : "";
      d.old_hypothesis = b.fired ? b.fired->hypothesis : "";
    }
    if (what_if) {
      rules::MatchResult here = own.match(by_id, run_chip);
      rules::MatchResult there = own.match(by_id, chip);
      d.by_chip = here.fired != there.fired;
    }
    rules::MatchResult m = matcher.match(by_id, chip);
    if (m.fired) {
      d.new_rule = m.fired->id;
      d.new_hypothesis = m.fired->hypothesis;
    }
    out.push_back(std::move(d));
  }
  return out;
}

std::vector<std::pair<std::string, rules::SignalSet>> run_incumbent_signals(
    const std::string& run_dir) {
  // A reader like the others: a finished run is read only as it finished (run_seal.h).
  LoadedLedger loaded = open_verified_run(run_dir).ledger;
  std::vector<std::pair<std::string, rules::SignalSet>> out;
  std::set<std::string> seen;
  for (const auto& r : loaded.records) {
    if (r.signals.values.empty()) continue;
    std::string label = r.problem + " " + r.incumbent;
    if (seen.insert(label).second) out.emplace_back(label, r.signals);
  }
  return out;
}

void verify_run_inputs(const RunDir& dir, const LoadedLedger& loaded,
                       const nlohmann::json& manifest, const std::string& problems_root) {
  const auto& h = loaded.header;
  RunSettings run = run_settings(h, dir.ledger());
  if (rules::load_rule_table(dir.rules()).content_hash() != h.value("rules_hash", ""))
    throw rules::InputError(rules::Diagnostic{
        {dir.rules(), 0, 0},
        "the run's rules.yaml does not match the ledger's rules_hash (replaced or "
        "edited since the run): its decisions cannot be replayed against it"});
  if (manifest.contains("measurements_hash") && manifest["measurements_hash"].is_string() &&
      rules::sha256_hex(read_text_file(dir.measurements(), "measurements")) !=
          manifest["measurements_hash"].get<std::string>())
    throw rules::InputError(
        rules::Diagnostic{{dir.measurements(), 0, 0},
                          "measurements.json does not match measurements_hash in " +
                              dir.manifest() + " (edited or replaced since the run)"});
  if (problems_root.empty()) return;
  check_problem_names(run.problems);
  std::map<std::string, generators::ProblemSpec> specs;
  nlohmann::json spec_hashes = nlohmann::json::object(), folder_hashes = nlohmann::json::object();
  for (const auto& p : run.problems) {
    specs.emplace(p, generators::load_problem((std::filesystem::path(problems_root) / p).string()));
    spec_hashes[p] = problem_spec_hash(specs.at(p).file);
    folder_hashes[p] = problem_folder_hash(specs.at(p));
  }
  check_problem_hashes(h, specs, spec_hashes, folder_hashes, dir.ledger());
}

SimulationResult simulate_run(const std::string& run_dir, const std::string& rules_path,
                              const std::string& chips_path, const std::string& problems_root,
                              const std::string& out_dir, std::ostream& err) {
  VerifiedRun run = open_verified_run(run_dir);  // its notes: the caller's (cmd_replay)
  const RunDir& dir = run.dir;
  const LoadedLedger& loaded = run.ledger;
  verify_run_inputs(dir, loaded, run.manifest, problems_root);
  SimulationResult result;
  result.before = read_summary(dir, err);  // a reader: the run's own files are left as they are

  Recording rec = load_recording(dir.measurements());
  RecordedBackend backend(std::move(rec));
  AblationOptions opt;
  apply_run_settings(opt, run_settings(loaded.header, dir.ledger()));
  opt.rules_path = rules_path;
  opt.chips_path = chips_path;
  opt.problems_root = problems_root;
  opt.out_dir = out_dir;
  opt.quiet = true;
  opt.command_line = "solver replay --simulate --run " + run_dir + " --rules " + rules_path;
  // Rewrites an external generator made are served from the run's stored sources (and timed
  // from its measurements), never by running the generator again.
  if (std::filesystem::exists(std::filesystem::path(dir.path) / "generated")) {
    opt.generator.stored_from = std::filesystem::absolute(dir.path).string();
    opt.generator.command = "stored:" + dir.path;
  }
  AblationResult after = run_ablation(opt, backend, err);
  result.out_dir = after.dir.path;
  result.after = after.summary;
  return result;
}

}  // namespace solver::engine
