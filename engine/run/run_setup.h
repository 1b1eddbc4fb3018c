// Setting up a run before its first round: everything the run reads (options, rules, chips,
// problems, and on --resume the run directory's own settings, ledger and seal), loaded and
// validated before anything is written; then the stale parts of the recording said up front,
// and the run directory's header written (a new run) or its resumption noted (a resumed one).
// Every mismatch is an InputError located at the file that differs (exit 2).
#pragma once
#include <map>
#include <optional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/backend/backend.h"
#include "engine/loop/ledger.h"
#include "engine/loop/round_loop.h"
#include "engine/run/ablation.h"
#include "engine/run/run_dir.h"
#include "engine/run/run_seal.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"
#include "rules/rule_table.h"

namespace solver::engine {

// Everything a run reads, loaded and validated before anything is written.
struct RunInputs {
  AblationOptions opt;  // the user's, or on resume the run's own (apply_run_settings)
  bool resuming = false;
  BackendInfo info;
  RunDir dir;  // resume: opened and locked; a new run: created after validation
  nlohmann::json manifest, header;  // resume: the run's; a new run: written by start_run_dir
  LoadedLedger loaded;              // resume: the rounds so far
  rules::RuleTable input;
  std::string rules_text;  // a new run: the table's text, copied into the run directory
  rules::ChipProfile chip;
  std::map<std::string, generators::ProblemSpec> specs;
  nlohmann::json spec_hashes = nlohmann::json::object(), folder_hashes = nlohmann::json::object();
  OffPolicy off_policy = OffPolicy::BestStatic;
  PrecisionPolicy precision = PrecisionPolicy::Any;
  std::optional<RunKey> key;  // signs the finished manifest (engine/run/run_seal.h)
};

// Loads and checks everything the run reads; on resume, opens and locks the run directory.
RunInputs load_and_validate(const AblationOptions& options, Backend& backend, std::ostream& err);

// Says up front which problems or variants the recording lacks or measured in another version.
void mark_stale_recordings(const RunInputs& in, Backend& backend, std::ostream& err);

// A new run: its rules.yaml, ledger header and manifest; a resumed one: a line in the
// manifest's resumed[]. `line` is the command line.
void write_run_header(RunInputs& in, const Backend& backend, const std::string& line);

}  // namespace solver::engine
