// The metric set follows the rules: the signals a rule table reads (its conditions, its
// expectations, and the evidence of the hypotheses it names, which the evolver's proposals
// test) and the profiler metrics those signals need (metric_set.h `feeds`). A user who adds a
// rule on a signal fed by a new counter gets that counter collected, and only the counters
// some rule or hypothesis can use are paid for in replay passes.
#pragma once
#include <string>
#include <vector>

#include "rules/rule_table.h"

namespace solver::profiling {

// Signal names the table's non-retired rules read, in signal-table order (chip.* names and
// names outside the vocabulary left out): every name of a condition or an expectation, and the
// evidence of the rules' hypotheses except signals that need a metric costing over two replay
// passes alone (compute_frac: sm__throughput, 8 passes) — a condition that reads one pays.
std::vector<std::string> signals_read_by(const rules::RuleTable& table);
// metrics_for_signals(signals_read_by(table)).
std::vector<std::string> metrics_for_rules(const rules::RuleTable& table);

// A rule reading a signal that `metrics` cannot collect (some metric it needs is not in the
// list): what `rules check` warns about, and why such a rule would stay undecided.
struct UncollectableRead {
  std::string rule;
  std::string signal;
  std::vector<std::string> missing_metrics;
};
std::vector<UncollectableRead> uncollectable_reads(const rules::RuleTable& table,
                                                   const std::vector<std::string>& metrics);

}  // namespace solver::profiling
