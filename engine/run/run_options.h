// The options of `solver ablate` and `solver run`, each classified once: either it defines the
// run (a resumed run keeps its own value; one given with --resume must be the same, else it is
// refused naming the flag and both values), or it does not (with why). `check_resume_flags`
// walks the table, and tests/engine/resume_flags_test.cpp checks that every option the two
// commands accept (their --help) has a row and that every defining row is refused when it
// differs, so a new flag cannot be forgotten (issue 27: five flags were silently ignored).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/run/ablation.h"
#include "engine/run/run_inputs.h"

namespace solver::engine {

struct RunOption {
  std::vector<std::string> flags;  // without "--"; the first is its name ("problems", "problem")
  // Defining: the value the user gave and the run's own, as text (compared as text). Null for
  // an option that does not define the run.
  std::string (*given)(const AblationOptions&) = nullptr;
  std::string (*recorded)(const RunSettings&, const nlohmann::json& manifest) = nullptr;
  // A given value that means "whatever the run has" (--backend auto); empty for none.
  std::string any;
  // For an option that does not define the run: why it may differ on resume.
  std::string free_because;
  bool defining() const { return given != nullptr; }
};

const std::vector<RunOption>& run_options();

// Each option given explicitly with --resume (AblationOptions::given, by flag name) that
// defines the run must have the run's own value: InputError (exit 2) located at the flag,
// "--off-policy first-rule conflicts with the run being resumed (<ledger> has best-static)".
// `manifest`: the run's manifest (what the ledger header does not hold: --oracle).
void check_resume_flags(const AblationOptions& given, const RunSettings& run,
                        const nlohmann::json& manifest, const std::string& ledger_path);

// The header of a run's ledger alone (without "hash"; its hash and format checked), for a
// command that must see a run's settings before it opens a backend. InputError at line 1.
nlohmann::json load_ledger_header(const std::string& ledger_path);

}  // namespace solver::engine
