// Reading a finished (or interrupted) run directory back into its summary and report: what
// `solver report` and `replay` show, computed from the run's own files.
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>

#include "engine/backend/json_util.h"
#include "engine/backend/recording.h"
#include "engine/loop/ledger.h"
#include "engine/loop/oracle.h"
#include "engine/loop/round_loop.h"
#include "engine/report/device_block.h"
#include "engine/report/report_html.h"
#include "engine/run/ablation.h"
#include "engine/run/run_seal.h"
#include "generators/problem_spec.h"
#include "rules/rule_table.h"

namespace solver::engine {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::vector<std::string> header_list(const json& h, const char* key, const std::string& file) {
  if (!h.contains(key) || !h[key].is_array())
    throw rules::InputError(rules::Diagnostic{{file, 1, 0}, std::string("header lacks ") + key});
  return h[key].get<std::vector<std::string>>();
}

Summary summarise(const RunDir& dir, std::ostream& err, const std::string& fallback_problems_root,
                  json* manifest_out, std::vector<RoundRecord>* records_out,
                  rules::RuleTable* input_out) {
  // A finished run is read only as it finished (engine/run/run_seal.h): a cut ledger or an edited
  // file is refused before summary.json or report.html is rewritten from it.
  VerifiedRun run = open_verified_run(dir.path);
  json manifest = std::move(run.manifest);
  LoadedLedger loaded = std::move(run.ledger);
  for (const auto& n : run.notes) err << "solver: report: " << n << '\n';
  rules::RuleTable input = rules::load_rule_table(dir.rules());
  auto oracle = load_pool_oracle(dir.oracle());
  // Ledgers written before records carried precision classes: the classes come from the
  // problem specs the run read, where they are still there (a time is never shown classless
  // when the class can be known).
  std::string root = manifest.value("problems_root", "");
  std::map<std::string, std::optional<generators::ProblemSpec>> specs;
  for (auto& r : loaded.records) {
    if (!r.incumbent_precision.empty()) continue;
    auto it = specs.find(r.problem);
    if (it == specs.end()) {
      std::optional<generators::ProblemSpec> spec;
      // The run's own folder, else the local one, and only a spec with the hash the run
      // recorded (another version could declare other classes).
      std::string want =
          loaded.header.value("problem_spec_hashes", json::object()).value(r.problem, "");
      for (const std::string& base : {root, fallback_problems_root}) {
        if (spec || base.empty() || !fs::exists(fs::path(base) / r.problem / "problem.yaml"))
          continue;
        try {
          auto candidate = generators::load_problem((fs::path(base) / r.problem).string());
          if (want.empty() || problem_spec_hash(candidate.file) == want)
            spec = std::move(candidate);
        } catch (const rules::InputError&) {
          err << "solver: report: " << base << "/" << r.problem << ": unreadable problem spec\n";
        }
      }
      if (!spec)
        err << "solver: report: " << r.problem << ": no problem spec of the run's version found: "
            << "its times are shown without precision class\n";
      it = specs.emplace(r.problem, std::move(spec)).first;
    }
    if (!it->second) continue;
    r.incumbent_precision = precision_class(*it->second, r.incumbent);
    r.candidate_precision = precision_class(*it->second, r.candidate);
  }
  Summary s =
      build_summary(loaded.records, loaded.header.value("rounds", 0), input.evolution.min_gain,
                    header_list(loaded.header, "problems", dir.ledger()),
                    oracle ? &*oracle : nullptr, loaded.header.value("precision", "any"));
  s.off_policy = loaded.header.value("off_policy", "first-rule");
  s.backend_line = manifest.value("backend_line", "");
  s.device = device_block_of_manifest(manifest);
  if (manifest_out) *manifest_out = std::move(manifest);
  if (records_out) *records_out = std::move(loaded.records);
  if (input_out) *input_out = std::move(input);
  return s;
}
}  // namespace

Summary read_summary(const RunDir& dir, std::ostream& err,
                     const std::string& fallback_problems_root) {
  return summarise(dir, err, fallback_problems_root, nullptr, nullptr, nullptr);
}

Summary write_report(const RunDir& dir, std::ostream& err,
                     const std::string& fallback_problems_root) {
  json manifest;
  std::vector<RoundRecord> records;
  rules::RuleTable input;
  Summary s = summarise(dir, err, fallback_problems_root, &manifest, &records, &input);
  write_file_atomically(
      dir.summary(),
      s.to_json().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
  ReportInputs report_in{rules::dump_rule_table(input), "", input.evolution.retire_below,
                         input.evolution.promote_above};
  auto oracle = load_pool_oracle(dir.oracle());
  report_in.oracle = oracle ? &*oracle : nullptr;
  if (fs::exists(dir.evolved_rules()))
    report_in.evolved_yaml = read_text_file(dir.evolved_rules(), "evolved rule table");
  write_file_atomically(dir.report(), render_report_html(s, records, manifest, report_in));
  return s;
}

}  // namespace solver::engine
