// Issue 29: rules compete on estimated gain x confidence (priority breaks ties), graded
// evidence near thresholds, per-rule calibration, and `estimate:` validation.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "rules/matcher.h"
#include "tests/rules/rule_test_util.h"

using namespace solver::rules;
using solver::rules::test::diagnostics_of;
using solver::rules::test::has_diag;
using solver::rules::test::source_path;

namespace {

const ChipProfile& h200() {
  static const ChipTable t = load_chip_table(source_path("rules/chips.yaml"));
  const ChipProfile* c = t.find("h200");
  REQUIRE(c);
  return *c;
}

RuleTable table(const std::string& rules_yaml, const std::string& evolution = "") {
  return parse_rule_table("version: 1\n" + evolution + "rules:\n" + rules_yaml, "t.yaml");
}

std::string rule(const char* id, const char* when, int priority, const char* estimate,
                 const char* extra = "") {
  std::string s = std::string("  - id: ") + id + "\n    when: " + when;
  if (estimate) s += std::string("\n    estimate: ") + estimate;
  return s + "\n    hypothesis: fuse_kernels\n    priority: " + std::to_string(priority) +
         "\n    rationale: test\n" + extra;
}

SignalSet csr_spmv() {
  // Issue 29's CSR sparse matrix-vector product: divergent (0.65) and 12.7 % load efficiency.
  SignalSet s;
  s.set("warp_efficiency", 0.65);
  s.set("load_eff", 0.127);
  s.set("l2_frac", 0.6);
  s.set("stall_long_scoreboard", 0.7);
  return s;
}

}  // namespace

TEST_CASE("the larger estimated gain fires, whatever the priority; priority breaks ties") {
  RuleTable t =
      table(rule("divergence", "warp_efficiency < 0.7", 16, "1 - warp_efficiency") +
            rule("coalesce", "load_eff < 0.7", 40, "(1 - load_eff) * min(1, 2 * l2_frac)"));
  Matcher m(t);
  MatchResult r = m.match(csr_spmv(), h200());
  REQUIRE(r.fired);
  CHECK(r.fired->id == "coalesce");  // 0.873 x 0.5 beats 0.35 x 0.5
  REQUIRE(r.ranked.size() == 2);
  CHECK(r.ranked[0].estimate == doctest::Approx(0.873));
  CHECK(r.ranked[0].score == doctest::Approx(0.873 * 0.5));
  CHECK(r.ranked[1].rule->id == "divergence");
  CHECK(r.outranked.size() == 1);
  // The estimate's inputs are shown beside the verdict.
  REQUIRE(r.estimate_inputs.size() == 2);
  CHECK(r.estimate_inputs[0].first == "load_eff");

  // Equal estimates: the lower priority number wins.
  RuleTable tie = table(rule("late", "load_eff < 0.7", 40, "0.5") +
                        rule("early", "warp_efficiency < 0.7", 16, "0.5"));
  Matcher mt(tie);
  CHECK(mt.match(csr_spmv(), h200()).fired->id == "early");
}

TEST_CASE("estimates are clamped to [0, 1]; a rule without an estimate ranks after those with") {
  RuleTable t = table(rule("plain", "load_eff < 0.7", 1, nullptr) +
                      rule("over", "warp_efficiency < 0.7", 30, "3 * warp_efficiency") +
                      rule("under", "l2_frac > 0.5", 20, "warp_efficiency - 1"));
  Matcher m(t);
  MatchResult r = m.match(csr_spmv(), h200());
  REQUIRE(r.ranked.size() == 3);
  CHECK(r.ranked[0].rule->id == "over");
  CHECK(r.ranked[0].estimate == 1.0);
  CHECK(*r.ranked[0].raw_estimate == doctest::Approx(1.95));
  CHECK(r.ranked[1].rule->id == "under");
  CHECK(r.ranked[1].estimate == 0.0);
  CHECK(r.ranked[2].rule->id == "plain");
  CHECK_FALSE(r.ranked[2].raw_estimate.has_value());
}

TEST_CASE("graded evidence: a near miss still ranks, lower; a far miss does not") {
  // Issue 29's llm.c embedding kernel at 88 % of DRAM bandwidth.
  RuleTable t = table(rule("saturated", "dram_frac > 0.9", 6, "min(1, dram_frac)") +
                      rule("latency", "dram_frac < 0.5", 54, "1 - dram_frac"));
  Matcher m(t);
  SignalSet s;
  s.set("dram_frac", 0.88);
  MatchResult r = m.match(s, h200());
  REQUIRE(r.fired);
  CHECK(r.fired->id == "saturated");
  REQUIRE(r.ranked.size() == 1);
  // Missed by 0.02 of a 0.2 x 0.9 margin: degree 0.889, weight (0.889 - 0.5) / 0.5.
  const double w = (1 - 0.02 / 0.18 - 0.5) / 0.5;
  CHECK(r.ranked[0].evidence == doctest::Approx(w));
  CHECK_FALSE(r.ranked[0].holds());
  CHECK(r.ranked[0].score == doctest::Approx(w * 0.88 * 0.5));

  // A pointer chase at 54 % DRAM: `dram_frac < 0.5` misses by 0.04 of 0.1 -> degree 0.6,
  // weight 0.2.
  s.set("dram_frac", 0.54);
  r = m.match(s, h200());
  REQUIRE(r.fired);
  CHECK(r.fired->id == "latency");
  CHECK(r.ranked[0].evidence == doctest::Approx(0.2));
  // At 55 % the degree is min_evidence itself: it still ranks, with weight 0, so its score
  // reaches 0 continuously (no step where the rule stops ranking) and it explains nothing.
  s.set("dram_frac", 0.55);
  r = m.match(s, h200());
  REQUIRE(r.ranked.size() == 1);
  CHECK(r.ranked[0].evidence == doctest::Approx(0.0).epsilon(1e-6));
  CHECK(r.unexplained());

  // soft_margin 0 makes every condition crisp again.
  RuleTable crisp =
      table(rule("saturated", "dram_frac > 0.9", 6, "dram_frac"), "evolution:\n  soft_margin: 0\n");
  Matcher mc(crisp);
  s.set("dram_frac", 0.88);
  CHECK(mc.match(s, h200()).fired == nullptr);
}

TEST_CASE("a stop rule fires only when its condition holds; 'not' grades as the flipped test") {
  RuleTable t = table(rule("roof", "dram_frac > 0.9", 6, "dram_frac",
                           "    stop: true\n    bottleneck: dram_bandwidth\n") +
                      rule("ilp", "not (occupancy > 0.5)", 50, "0.1"));
  Matcher m(t);
  SignalSet s;
  s.set("dram_frac", 0.89);
  s.set("occupancy", 0.52);  // not (occupancy > 0.5) = occupancy <= 0.5, missed by 0.02
  MatchResult r = m.match(s, h200());
  REQUIRE(r.ranked.size() == 2);
  CHECK(r.ranked[0].rule->id == "roof");  // ranks first ...
  REQUIRE(r.fired);
  CHECK(r.fired->id == "ilp");  // ... but a near-miss ceiling does not stop the loop
  CHECK(r.ranked[1].evidence == doctest::Approx((1 - 0.02 / 0.1 - 0.5) / 0.5));
  // It is a tie: one crossing of the roof's threshold names the other class.
  REQUIRE(r.tie);
  CHECK(r.tie->id == "roof");
  CHECK(r.tie_margin < 0);
}

TEST_CASE("a near miss that outscores a rule that holds ranks above it (no step at a threshold)") {
  // hd_crc32_bitwise's shape (issue 29): the ALU rule misses its threshold by a little and
  // estimates far more than a layout rule that holds; one measurement's move of l1_hit made
  // the layout rule hold, and the verdict changed with it while the ALU rule ranked below
  // every rule that held.
  RuleTable t = table(rule("alu", "alu_frac > 0.8", 30, "0.4") +
                      rule("layout", "load_eff < 0.7", 40, "0.15"));
  Matcher m(t);
  SignalSet s;
  s.set("alu_frac", 0.79);  // degree 1 - 0.01 / 0.16, weight 0.875
  s.set("load_eff", 0.5);
  MatchResult r = m.match(s, h200());
  REQUIRE(r.fired);
  CHECK(r.fired->id == "alu");
  CHECK_FALSE(r.ranked[0].holds());
  CHECK(r.tie == nullptr);  // 0.175 against 0.075: not close
  s.set("load_eff", 0.71);  // the layout rule a near miss too: the same verdict
  CHECK(m.match(s, h200()).fired->id == "alu");
}

TEST_CASE("a verdict whose runner-up of another class scores within tie_margin is a tie") {
  RuleTable t =
      table(rule("a", "load_eff < 0.7", 40, "0.20", "    bottleneck: uncoalesced\n") +
            rule("b", "l2_frac > 0.5", 20, "0.19", "    bottleneck: l2_bandwidth\n") +
            rule("c", "warp_efficiency < 0.7", 16, "0.195", "    bottleneck: uncoalesced\n"));
  Matcher m(t);
  MatchResult r = m.match(csr_spmv(), h200());
  REQUIRE(r.fired);
  CHECK(r.fired->id == "a");
  // c ranks second but names the same class; b, 5 % below, is the tie.
  REQUIRE(r.tie);
  CHECK(r.tie->id == "b");
  CHECK(r.tie_margin == doctest::Approx(0.05));
  // Further apart than the margin: no tie.
  RuleTable far = table(rule("a", "load_eff < 0.7", 40, "0.20") +
                        rule("b", "l2_frac > 0.5", 20, "0.17", "    bottleneck: l2_bandwidth\n"));
  Matcher mf(far);
  CHECK(mf.match(csr_spmv(), h200()).tie == nullptr);
  // tie_margin 0 turns ties off.
  RuleTable off =
      table(rule("a", "load_eff < 0.7", 40, "0.20") +
                rule("b", "l2_frac > 0.5", 20, "0.19", "    bottleneck: l2_bandwidth\n"),
            "evolution:\n  tie_margin: 0\n");
  Matcher mo(off);
  CHECK(mo.match(csr_spmv(), h200()).tie == nullptr);
  // An explained share at the min_explained line: "X or unexplained".
  RuleTable low = table(rule("a", "load_eff < 0.7", 40, "0.052"));  // explains 5.2 %
  Matcher ml(low);
  MatchResult rl = ml.match(csr_spmv(), h200());
  CHECK(rl.tie_unexplained);
}

TEST_CASE("a rule without an estimate stays crisp, so tables without estimates match as before") {
  RuleTable t =
      table(rule("a", "dram_frac > 0.9", 6, nullptr) + rule("b", "dram_frac > 0.5", 40, nullptr));
  Matcher m(t);
  SignalSet s;
  s.set("dram_frac", 0.88);
  MatchResult r = m.match(s, h200());
  REQUIRE(r.fired);
  CHECK(r.fired->id == "b");
  CHECK(r.ranked.size() == 1);
}

TEST_CASE("a rule whose estimates ran high loses rank through its calibration factor") {
  std::string both = rule("a", "load_eff < 0.7", 10, "0.6") + rule("b", "l2_frac > 0.5", 20, "0.5");
  RuleTable t = table(both);
  Matcher m(t);
  CHECK(m.match(csr_spmv(), h200()).fired->id == "a");
  // Two candidates of `a`, estimated 0.6 each, removed nothing: factor 0.5 / 1.7.
  t.find("a")->calibration = Calibration{2, 1.2, 0.0};
  CHECK(t.find("a")->calibration.factor() == doctest::Approx(0.5 / 1.7));
  MatchResult r = m.match(csr_spmv(), h200());
  CHECK(r.fired->id == "b");
  CHECK(r.ranked[1].calibration == doctest::Approx(0.5 / 1.7));
  // Written back and read again: the sums survive the dump.
  RuleTable back = parse_rule_table(dump_rule_table(t), "back.yaml");
  CHECK(back.find("a")->calibration.samples == 2);
  CHECK(back.find("a")->calibration.estimated == doctest::Approx(1.2));
  Matcher mb(back);
  CHECK(mb.match(csr_spmv(), h200()).fired->id == "b");
  CHECK(back.content_hash() == t.content_hash());
}

TEST_CASE("bad estimates and calibrations are located errors") {
  auto bool_est = diagnostics_of([] { table(rule("r", "weight < 0.1", 5, "weight < 0.2")); });
  CHECK(has_diag(bool_est, "t.yaml:5:15", "expected a number expression"));
  auto unknown = diagnostics_of([] { table(rule("r", "weight < 0.1", 5, "1 - wieght")); });
  CHECK(has_diag(unknown, "t.yaml:5:19", "wieght"));
  auto calib = diagnostics_of([] {
    table(rule("r", "weight < 0.1", 5, "0.5",
               "    calibration: {samples: 1, estimated: 3, achieved: 0}\n"));
  });
  CHECK(has_diag(calib, "t.yaml:9:42", "calibration.estimated"));
  auto margin = diagnostics_of(
      [] { table(rule("r", "weight < 0.1", 5, "0.5"), "evolution:\n  soft_margin: 2\n"); });
  CHECK(has_diag(margin, "t.yaml:3:16", "soft_margin"));
}

TEST_CASE("the default table: every rule carries an estimate that evaluates on a full profile") {
  RuleTable t = load_rule_table(source_path("rules/rules.yaml"));
  for (const auto& r : t.rules) {
    CHECK_MESSAGE(r.estimate.has_value(), r.id);
  }
}

TEST_CASE("a tie allows for a near miss's weight moving with its signal (tie_spread)") {
  // The fired rule holds at 0.4 x 0.5 = 0.2. The runner-up misses `l2_frac > 0.64` at 0.6 by
  // 0.04 of a 0.128 margin: degree 0.6875, weight 0.375, score 0.375 x 0.8 x 0.5 = 0.15, 25%
  // below. A 2.5% move of l2_frac moves its weight by 0.25: up to 0.25, a tie.
  const std::string rules =
      rule("a", "load_eff < 0.7", 40, "0.4") +
      rule("b", "l2_frac > 0.64", 20, "0.8", "    bottleneck: l2_bandwidth\n");
  RuleTable t = table(rules);
  Matcher m(t);
  MatchResult r = m.match(csr_spmv(), h200());
  REQUIRE(r.fired);
  CHECK(r.fired->id == "a");
  REQUIRE(r.ranked.size() == 2);
  CHECK(r.ranked[1].evidence == doctest::Approx(0.375));
  REQUIRE(r.tie);
  CHECK(r.tie->id == "b");
  CHECK(r.tie_margin == doctest::Approx(0.25));
  // With no spread allowed the scores alone decide: 25% apart is not a tie.
  RuleTable crisp = table(rules, "evolution:\n  tie_spread: 0\n");
  Matcher mc(crisp);
  CHECK(mc.match(csr_spmv(), h200()).tie == nullptr);
  // Written back and read again, the key survives.
  CHECK(parse_rule_table(dump_rule_table(crisp), "back.yaml").evolution.tie_spread == 0);
}
