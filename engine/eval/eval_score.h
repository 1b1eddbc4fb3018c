// Scoring classify against a labelled suite: one case per suite kernel (the label, what the
// fired rule named, and the signal values that decided it), then per-class counts, overall
// accuracy and the confusions. A measurement, not a gate: nothing here fails on low accuracy.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/backend/backend.h"
#include "engine/eval/eval_suite.h"
#include "profiling/signal_derivation.h"
#include "profiling/signal_file.h"
#include "rules/matcher.h"

namespace solver::engine {

// What eval got for one kernel. `got` is the fired rule's bottleneck; "unexplained" when no
// rule holds or the best explains too little (issue 29: never silence), kRuleNamesNone when
// the rule names none, kNotMeasured when no signals could be had.
struct EvalCase {
  std::string kernel;
  std::string label;
  std::vector<std::string> accept;
  std::string got;
  std::string fired;       // rule id, empty when nothing fired
  std::string hypothesis;  // of the fired rule
  bool correct = false;
  bool accepted_alternative = false;  // correct through label.accept, not the label itself
  std::vector<std::pair<std::string, rules::Value>> evidence;  // the fired rule's condition values
  std::vector<std::string> missing_signals;
  bool held_out = false;  // the kernel is in the suite's held-out part (heldout.txt)
  bool pending = false;   // labelled with a class the taxonomy does not have yet
  std::string source;     // where the signals came from (file, export row, "live")
  std::string detail;     // why there is no verdict (not measured), or derivation notes
  // The verdict is a tie (rules/verdict_tie.h): the other class a move of the signals within
  // their measured spread could name instead ("unexplained" when the explained share is at
  // the min_explained line), and the scores' relative distance. Empty: no tie. `correct`
  // still scores `got` alone.
  std::string tie;
  double tie_margin = 0;
};

inline constexpr const char* kRuleNamesNone = "(rule names no bottleneck)";
inline constexpr const char* kNotMeasured = "(not measured)";

// `signals` (may be null): what the kernel measured, for the time account a case with no rule
// that holds states instead of silence (rules/unexplained.h).
EvalCase score_case(const LabelledKernel& k, const rules::MatchResult& m, std::string source,
                    const rules::SignalSet* signals = nullptr);
EvalCase unmeasured_case(const LabelledKernel& k, std::string why);

// A live profile of suite kernel `k` as a signal file, so `eval --signals-dir` can re-score the
// same measurement offline (`--save-signals`). `variant_key` is the profiled variant's key.
profiling::SignalFile live_signal_file(const LabelledKernel& k, const std::string& variant_key,
                                       const ProfileResult& p, const std::string& chip_id,
                                       const std::string& device_name);

// The signals a recorded source gave suite kernel `k` (an ncu export's derivation, with the
// problem's facts), as a signal file, so the same set can be classified or compared again
// without the export (`eval --save-signals` with `--ncu-csv`). `source` names the export.
profiling::SignalFile derived_signal_file(const LabelledKernel& k, const profiling::Derivation& d,
                                          const std::string& chip_id, const std::string& source);
// Writes `f` to DIR/<name>.json (the folder must exist).
void save_signal_file(const std::string& dir, const std::string& name,
                      const profiling::SignalFile& f);

struct ClassScore {
  std::string bottleneck;
  int n = 0;  // suite kernels with this label
  int correct = 0;
  int called = 0;  // verdicts naming this class, right or wrong (precision's denominator)
};

struct EvalReport {
  std::string suite;
  std::string backend;  // "live", "signals-dir", "ncu-csv"
  std::string rules_file;
  std::string chip;
  std::vector<EvalCase> cases;
  bool has_split = false;     // the suite has a held-out part: the report gives both parts
  std::string split = "all";  // which part was scored: all, dev or heldout

  int total() const { return int(cases.size()); }
  int correct() const;
  int measured() const;
  double accuracy() const;  // correct / total; 0 for an empty report
  // Correct and total over the held-out part (true) or the rest (false).
  std::pair<int, int> split_score(bool held_out) const;
  std::vector<ClassScore> classes() const;  // by label, taxonomy order, then pending classes
  std::vector<const EvalCase*> confusions() const;  // the incorrect cases, in suite order
};

nlohmann::json eval_json(const EvalReport& r);

}  // namespace solver::engine
