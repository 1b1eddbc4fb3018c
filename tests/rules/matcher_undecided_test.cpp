// The matcher is three-valued: a rule whose condition reads a missing signal, and which the
// measured signals do not settle, is undecided: reported, never fired.
#include <doctest/doctest.h>

#include "rules/matcher.h"
#include "tests/rules/rule_test_util.h"

using namespace solver::rules;
using solver::rules::test::source_path;

namespace {

const ChipProfile& h200() {
  static const ChipTable t = load_chip_table(source_path("rules/chips.yaml"));
  const ChipProfile* c = t.find("h200");
  REQUIRE(c);
  return *c;
}

RuleTable table(const std::string& rules_yaml) {
  return parse_rule_table("version: 1\nrules:\n" + rules_yaml, "t.yaml");
}

std::string rule(const char* id, const char* when, int priority, const char* extra = "") {
  return std::string("  - id: ") + id + "\n    when: " + when +
         "\n    hypothesis: increase_ilp\n    priority: " + std::to_string(priority) +
         "\n    rationale: test\n" + extra;
}

}  // namespace

TEST_CASE("and / or with a missing operand: false and missing = false, true or missing = true") {
  RuleTable t = table(rule("and_false", "occupancy > 0.5 and stall_barrier > 0.3", 10) +
                      rule("and_true", "occupancy < 0.5 and stall_barrier > 0.3", 11) +
                      rule("or_true", "occupancy < 0.5 or stall_barrier > 0.3", 12) +
                      rule("or_false", "occupancy > 0.5 or stall_barrier > 0.3", 13));
  Matcher m(t);
  SignalSet s;
  s.set("occupancy", 0.25);  // stall_barrier not measured
  MatchResult r = m.match(s, h200());
  REQUIRE(r.fired);
  CHECK(r.fired->id == "or_true");  // decided true despite the missing operand
  REQUIRE(r.undecided.size() == 2);
  CHECK(r.undecided[0].rule->id == "and_true");
  CHECK(r.undecided[0].missing == std::vector<std::string_view>{"stall_barrier"});
  CHECK(r.undecided[0].outranks_fired);  // it sorts before the verdict
  CHECK(r.undecided[1].rule->id == "or_false");
  CHECK_FALSE(r.undecided[1].outranks_fired);
  // and_false is decided false: neither fired nor undecided.
  for (const auto& u : r.undecided) CHECK(u.rule->id != "and_false");
}

TEST_CASE("a missing signal never fires a stop rule") {
  RuleTable t = table(rule("gate", "weight < 0.05", 0, "    stop: true\n") +
                      rule("next", "issue_frac < 0.5", 20));
  Matcher m(t);
  SignalSet s;
  s.set("issue_frac", 0.2);
  MatchResult r = m.match(s, h200());
  REQUIRE(r.fired);
  CHECK(r.fired->id == "next");
  REQUIRE(r.undecided.size() == 1);
  CHECK(r.undecided[0].rule->id == "gate");
  s.set("weight", 0.01);
  CHECK(m.match(s, h200()).fired->id == "gate");
  CHECK(m.match(s, h200()).undecided.empty());
}

TEST_CASE("not of a missing value stays undecided; everything missing fires nothing") {
  RuleTable t = table(rule("neg", "not tensor_active", 5));
  Matcher m(t);
  MatchResult r = m.match(SignalSet{}, h200());
  CHECK_FALSE(r.fired);
  REQUIRE(r.undecided.size() == 1);
  CHECK(r.undecided[0].outranks_fired);  // nothing fired: every undecided rule could have
}

TEST_CASE("the default table: a verdict that a missing conflict counter could overturn says so") {
  RuleTable t = load_rule_table(source_path("rules/rules.yaml"));
  Matcher m(t);
  SignalSet s;  // a coalesced streaming kernel, SM full, schedulers idle; no stall counters
  s.set("weight", 1.0);
  s.set("dram_frac", 0.2);
  s.set("arith_intensity", 0.5);
  s.set("occupancy", 0.9);
  s.set("issue_frac", 0.3);
  s.set("load_eff", 1.0);
  s.set("smem_per_block", 4096.0);
  MatchResult r = m.match(s, h200());
  // The conflict rule reads the missing counter: undecided, and it outranks the verdict.
  bool bank_undecided = false;
  for (const auto& u : r.undecided)
    if (u.rule->id == "smem_bank_conflicts") bank_undecided = u.outranks_fired;
  CHECK(bank_undecided);
}
