// The ablation report: one self-contained HTML file (inline CSS and SVG, no script, no external
// asset), viewable offline. Per problem: OFF and ON side by side on one log time axis (each
// round's candidate, the best so far, the pool's best, the floor of each precision class),
// and where each track ended against the floor and the pool's best; the rule confidences over
// the ON rounds with problem boundaries and the retire/promote thresholds; every round's
// decision with the evidence that fired its rule; the evolved rules as a diff of the input.
#pragma once
#include <string>
#include <vector>
#include "engine/report/line_diff.h"  // line_diff, the evolved table section

#include <nlohmann/json.hpp>

#include "engine/loop/ledger.h"
#include "engine/loop/oracle.h"
#include "engine/report/summary.h"

namespace solver::engine {

struct ReportInputs {
  std::string rules_yaml;    // the input table, in dump_rule_table's form (so the diff is
  std::string evolved_yaml;  // the evolution's alone); "" when the run had no ON track
  double retire_below = 0, promote_above = 0;
  const PoolOracle* oracle = nullptr;  // roofs and the pool's points of the rooflines (may be null)
};

std::string render_report_html(const Summary& summary, const std::vector<RoundRecord>& records,
                               const nlohmann::json& manifest, const ReportInputs& inputs = {});

// Tick values for a log axis over [lo, hi] (1-2-5 steps per decade, more when the range is
// narrow) and their labels: "150 µs", "2.4 ms" (2–3 significant digits, never an exponent).
std::vector<double> log_ticks(double lo, double hi);
std::string time_label(double us);

}  // namespace solver::engine
