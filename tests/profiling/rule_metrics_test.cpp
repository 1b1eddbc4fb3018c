// The metric set follows the rules: a table's signals -> the metrics the profiler collects.
#include <doctest/doctest.h>

#include <algorithm>

#include "profiling/metric_set.h"
#include "profiling/ncu_csv.h"
#include "profiling/rule_metrics.h"
#include "rules/rule_table.h"

using namespace solver;
using namespace solver::profiling;

namespace {

bool contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

rules::RuleTable table(const std::string& rules_yaml) {
  return rules::parse_rule_table("version: 1\nrules:\n" + rules_yaml, "t.yaml");
}

const char* kXuRule =
    "  - id: xu\n    when: xu_frac > 0.6\n    hypothesis: use_fast_math\n    priority: 25\n"
    "    rationale: the XU pipe is busy\n";
const char* kDramRule =
    "  - id: dram\n    when: dram_frac > 0.9\n    hypothesis: stop_at_ceiling\n    priority: 6\n"
    "    stop: true\n    rationale: at the roof\n";

}  // namespace

const char* kBankRule =
    "  - id: banks\n    when: bank_conflicts_per_request > 2\n    hypothesis: fix_bank_conflicts\n"
    "    priority: 30\n    rationale: shared-memory bank conflicts\n";

TEST_CASE("a rule on a new counter gets that counter collected, and only what rules read is") {
  rules::RuleTable t = table(kDramRule);
  std::vector<std::string> base = metrics_for_rules(t);
  CHECK(contains(base, metric::kTime));  // always: it weights the per-kernel means
  // The time account is always collected (issue 29): every stall reason and pipe, so that
  // "no rule explains this" can name the top stall and pipe whatever the table reads.
  CHECK(contains(base, metric::kXuInst));
  CHECK(contains(base, metric::kStallLongSb));
  // Any other counter only when a rule reads its signal.
  CHECK_FALSE(contains(base, metric::kBankConflicts));
  rules::RuleTable more = table(std::string(kDramRule) + kBankRule);
  std::vector<std::string> with_banks = metrics_for_rules(more);
  CHECK(contains(with_banks, metric::kBankConflicts));
  CHECK(with_banks.size() > base.size());
  // The hypothesis' evidence is read too (the evolver's proposals test it): use_fast_math
  // names stall_math_pipe_throttle, whose counter and denominator come with it.
  std::vector<std::string> with_xu = metrics_for_rules(table(std::string(kDramRule) + kXuRule));
  CHECK(contains(with_xu, metric::kStallMath));
  CHECK(contains(with_xu, metric::kWarpsActiveSum));
  // A retired rule reads nothing.
  rules::RuleTable retired = table(std::string(kDramRule) + kBankRule + "    status: retired\n");
  CHECK_FALSE(contains(metrics_for_rules(retired), metric::kBankConflicts));
}

TEST_CASE("signals without counters need no metric; derived ones pull their inputs") {
  CHECK(metrics_for_signals({"local_bytes", "gemm_loop", "weight"}) ==
        std::vector<std::string>{std::string(metric::kTime)});
  auto stall = metrics_for_signals({"stall_barrier"});
  CHECK(contains(stall, metric::kStallBarrier));
  CHECK(contains(stall, metric::kWarpsActiveSum));
  // flop_frac's roof depends on tensor_active, so the tensor counters come with it.
  auto flop = metrics_for_signals({"flop_frac"});
  CHECK(contains(flop, metric::kTensorInst));
  CHECK(collectable_with("stall_barrier", stall));
  CHECK_FALSE(collectable_with("stall_barrier", {std::string(metric::kStallBarrier)}));
  CHECK_FALSE(signal_needs_metrics("local_bytes"));
}

TEST_CASE("the default table's rules are all decidable from its own metric set") {
  rules::RuleTable t = rules::load_rule_table("rules/rules.yaml");
  std::vector<std::string> ms = metrics_for_rules(t);
  CHECK(uncollectable_reads(t, ms).empty());
  // ...and the default table does not pay for the 8-pass SM throughput breakdown.
  CHECK_FALSE(contains(ms, metric::kSmThroughput));
  // Against the three-metric export, the stall rules cannot be decided: named, with what is
  // missing.
  std::vector<std::string> few = {std::string(metric::kTime), std::string(metric::kDramRead),
                                  std::string(metric::kDramWrite)};
  auto bad = uncollectable_reads(t, few);
  auto it = std::find_if(bad.begin(), bad.end(), [](const UncollectableRead& u) {
    return u.rule == "barrier_bound" && u.signal == "stall_barrier";
  });
  REQUIRE(it != bad.end());
  CHECK(contains(it->missing_metrics, metric::kStallBarrier));
}

TEST_CASE("the ncu --metrics list adds the launch attributes the driver signals come from") {
  rules::RuleTable t = rules::load_rule_table("rules/rules.yaml");
  auto ncu = ncu_metrics_for(signals_read_by(t));
  CHECK(contains(ncu, "launch__registers_per_thread"));
  CHECK(contains(ncu, "launch__occupancy_limit_shared_mem"));
  CHECK(contains(ncu, metric::kStallLongSb));
  CHECK(contains(ncu, metric::kLoadEff));
}
