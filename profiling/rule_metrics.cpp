#include "profiling/rule_metrics.h"

#include <algorithm>
#include <set>

#include "profiling/metric_set.h"
#include "rules/hypotheses.h"
#include "rules/signals.h"

namespace solver::profiling {
namespace {

// A signal one of whose metrics costs more than two replay passes alone (sm__throughput: 8).
bool expensive(const std::string& signal) {
  for (const auto& m : metrics_for_signals({signal})) {
    const MetricDef* def = find_metric(m);
    if (def && def->passes_alone > 2) return true;
  }
  return false;
}

// The signals one rule reads: its condition and its expectation always; its hypothesis'
// evidence (what the evolver's proposals may test) only where it is cheap to collect, so that
// naming a hypothesis never buys an 8-pass counter no condition reads.
std::set<std::string> reads_of(const rules::Rule& r) {
  std::set<std::string> out;
  if (r.when)
    for (const auto& n : r.when->names()) out.insert(n);
  if (r.estimate)  // the estimate's inputs are shown beside the verdict
    for (const auto& n : r.estimate->names())
      if (rules::signal_index(n)) out.insert(n);
  if (r.expect) out.insert(r.expect->signal);
  for (auto e : rules::hypothesis_evidence(r.hypothesis))
    if (!expensive(std::string(e))) out.insert(std::string(e));
  return out;
}

}  // namespace

std::vector<std::string> signals_read_by(const rules::RuleTable& table) {
  // The time account (issue 29): every stall reason and pipe, whatever the rules read, so a
  // kernel no rule explains is still told by its largest stall and busiest pipe. All are
  // one-pass counters.
  std::set<std::string> names{"stall_top", "pipe_top"};
  for (const auto& r : table.rules) {
    if (r.status == rules::RuleStatus::Retired) continue;
    auto reads = reads_of(r);
    names.insert(reads.begin(), reads.end());
  }
  std::vector<std::string> out;
  for (const auto& s : rules::signal_table())
    if (names.count(std::string(s.name))) out.emplace_back(s.name);
  return out;
}

std::vector<std::string> metrics_for_rules(const rules::RuleTable& table) {
  return metrics_for_signals(signals_read_by(table));
}

std::vector<UncollectableRead> uncollectable_reads(const rules::RuleTable& table,
                                                   const std::vector<std::string>& metrics) {
  std::vector<UncollectableRead> out;
  for (const auto& r : table.rules) {
    if (r.status == rules::RuleStatus::Retired || !r.when) continue;
    for (const auto& name : r.when->names()) {
      if (!rules::signal_index(name) || !signal_needs_metrics(name) ||
          collectable_with(name, metrics))
        continue;
      UncollectableRead u{r.id, name, {}};
      for (const auto& m : metrics_for_signals({name}))
        if (std::find(metrics.begin(), metrics.end(), m) == metrics.end())
          u.missing_metrics.push_back(m);
      out.push_back(std::move(u));
    }
  }
  return out;
}

}  // namespace solver::profiling
