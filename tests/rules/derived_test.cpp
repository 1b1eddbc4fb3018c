// Derived signals (rules/derived.h): the `derived:` section's errors, located; evaluation as if
// the definition were written out; the value shown beside the fired rule; the round trip.
#include <doctest/doctest.h>

#include "rules/matcher.h"
#include "rules/rule_table.h"
#include "tests/rules/rule_test_util.h"

using namespace solver::rules;
using solver::rules::test::diagnostics_of;
using solver::rules::test::has_diag;
using solver::rules::test::joined;
using solver::rules::test::source_path;

namespace {

// Lines: 1 version, 2 derived:, 3.. the definitions, then the rule (`when` on its own line).
std::string table(const std::string& derived, const std::string& when,
                  const std::string& estimate = "") {
  return "version: 1\nderived:\n" + derived + "rules:\n  - id: r\n    when: " + when + "\n" +
         (estimate.empty() ? "" : "    estimate: " + estimate + "\n") +
         "    hypothesis: fuse_kernels\n    priority: 10\n    rationale: why\n";
}

std::vector<std::string> errors(const std::string& yaml) {
  return diagnostics_of([&] { parse_rule_table(yaml, "t.yaml"); });
}

ChipProfile h200() {
  static const ChipTable t = load_chip_table(source_path("rules/chips.yaml"));
  const ChipProfile* c = t.find("h200");
  REQUIRE(c);
  return *c;
}

}  // namespace

TEST_CASE("derived: each bad definition is one located error") {
  SUBCASE("an unknown name in a definition, at its column") {
    auto d = errors(table("  a: stall_barier * 2\n", "a > 0"));
    CHECK(has_diag(d, "t.yaml:3:6", "unknown name 'stall_barier'"));
    CHECK(d.size() == 1);  // the rule's use of `a` adds nothing
  }
  SUBCASE("an unknown name in a rule") {
    CHECK(has_diag(errors(table("  a: stall_barrier * 2\n", "b > 0")), "t.yaml:6:11",
                   "unknown name 'b'"));
  }
  SUBCASE("a measured signal's name") {
    CHECK(has_diag(errors(table("  stall_barrier: 2\n", "stall_barrier > 0")), "t.yaml:3:3",
                   "'stall_barrier' is a measured signal"));
  }
  SUBCASE("a keyword, a function, not an identifier") {
    CHECK(has_diag(errors(table("  'not': 2\n", "true")), "t.yaml:3:3", "keyword"));
    CHECK(has_diag(errors(table("  min: 2\n", "true")), "t.yaml:3:3", "function"));
    CHECK(has_diag(errors(table("  2x: 2\n", "true")), "t.yaml:3:3", "letters, digits"));
  }
  SUBCASE("a use of one defined below, and cycles") {
    auto below = errors(table("  a: b + 1\n  b: stall_barrier\n", "a > 0"));
    CHECK(has_diag(below, "t.yaml:3:6", "'b' is defined below (at t.yaml:4:3)"));
    CHECK(has_diag(errors(table("  a: a + 1\n", "a > 0")), "t.yaml:3:6", "'a' uses itself"));
    auto cycle = errors(table("  a: b + 1\n  b: c * 2\n  c: a\n", "a > 0"));
    CHECK(has_diag(cycle, "t.yaml:3:6", "cycle: a -> b -> c -> a"));
  }
  SUBCASE("a syntax error, a missing expression, a redefinition") {
    CHECK(joined(errors(table("  a: (stall_barrier\n", "true"))).find("t.yaml:3:") == 0);
    CHECK(has_diag(errors(table("  a:\n", "true")), "t.yaml:3:3", "needs an expression"));
    CHECK(has_diag(errors(table("  a: 1\n  a: 2\n", "true")), "t.yaml:4:3", "duplicate key"));
  }
  SUBCASE("a type error at the use") {
    CHECK(has_diag(errors(table("  a: stall_barrier > 0.3\n", "a + 1 > 0")), "t.yaml:6:11",
                   "needs a number"));
  }
  SUBCASE("definitions that double each other cannot blow up") {
    std::string d = "  d0: stall_barrier\n";
    for (int i = 1; i <= 20; ++i)
      d += "  d" + std::to_string(i) + ": d" + std::to_string(i - 1) + " + d" +
           std::to_string(i - 1) + "\n";
    CHECK(joined(errors(table(d, "d20 > 0"))).find("written out") != std::string::npos);
  }
}

TEST_CASE("derived: a rule evaluates as if the definition were written out") {
  const RuleTable t = parse_rule_table(
      table("  w: stall_long_scoreboard + stall_lg_throttle\n  share: w / max(0.01, 1 - "
            "stall_barrier)\n",
            "share > 0.5 and w > 0.1", "given(share, 0) * 0.5"),
      "t.yaml");
  const RuleTable spelled = parse_rule_table(
      table("",
            "(stall_long_scoreboard + stall_lg_throttle) / max(0.01, 1 - stall_barrier) > 0.5 "
            "and stall_long_scoreboard + stall_lg_throttle > 0.1",
            "given((stall_long_scoreboard + stall_lg_throttle) / max(0.01, 1 - stall_barrier), 0) "
            "* 0.5"),
      "s.yaml");
  const Rule& r = t.rules[0];
  CHECK(r.when->canonical() == "((share > 0.5) and (w > 0.1))");
  CHECK(Expression::expanded_canonical(r.when->root()) ==
        Expression::expanded_canonical(spelled.rules[0].when->root()));
  CHECK(Expression::expanded_canonical(r.estimate->root()) ==
        Expression::expanded_canonical(spelled.rules[0].estimate->root()));
  CHECK(r.when->names() ==
        std::vector<std::string>{"stall_long_scoreboard", "stall_lg_throttle", "stall_barrier"});
  CHECK(r.when->derived_names() == std::vector<std::string>{"share", "w"});

  // The matcher fires it and shows each derived value by its name, after the signals.
  SignalSet s;
  s.set("stall_long_scoreboard", 0.3);
  s.set("stall_lg_throttle", 0.1);
  s.set("stall_barrier", 0.4);
  Matcher m(t);
  MatchResult got = m.match(s, h200());
  REQUIRE(got.fired);
  REQUIRE(got.evidence.size() == 5);
  CHECK(got.evidence[3].first == "share");
  CHECK(std::get<double>(got.evidence[3].second) == doctest::Approx(0.4 / 0.6));
  CHECK(got.evidence[4].first == "w");
  CHECK(std::get<double>(got.evidence[4].second) == doctest::Approx(0.4));
  REQUIRE(got.estimate_inputs.size() == 5);  // w is part of share
  CHECK(got.estimate_inputs[3].first == "share");
  CHECK(got.estimate_inputs[4].first == "w");
  CHECK(got.derived == std::vector<std::string_view>{"share", "w"});
  CHECK(got.ranked[0].estimate == doctest::Approx(0.4 / 0.6 * 0.5));
  Matcher plain(spelled);
  MatchResult same = plain.match(s, h200());
  REQUIRE(same.fired);
  CHECK(same.ranked[0].estimate == got.ranked[0].estimate);
  CHECK(same.ranked[0].evidence == got.ranked[0].evidence);
}

TEST_CASE("derived: the table written back keeps the definitions and a rule added that uses one") {
  RuleTable t = parse_rule_table(table("  w: stall_barrier * 2\n", "w > 0.5"), "t.yaml");
  // What the evolver does with a proposal: parse it with the table's resolver, append it.
  Diagnostics diags;
  Rule added = t.rules[0];
  added.id = "proposed_1";
  added.when_text = "w > 0.9";
  added.when = Expression::parse(added.when_text, SourceLocation("(proposed)"), t.resolver(), diags,
                                 ValueType::Bool);
  REQUIRE(added.when);
  added.priority = 5;
  t.rules.push_back(std::move(added));
  const std::string dumped = dump_rule_table(t);
  const RuleTable back = parse_rule_table(dumped, "back.yaml");
  REQUIRE(back.derived.size() == 1);
  CHECK(back.derived[0].name == "w");
  CHECK(back.derived[0].text == "stall_barrier * 2");
  REQUIRE(back.rules.size() == 2);
  CHECK(back.rules[1].when->canonical() == "(w > 0.9)");
  CHECK(dump_rule_table(back) == dumped);
}

TEST_CASE("derived: the default table's definitions load and are used") {
  const RuleTable t = load_rule_table(source_path("rules/rules.yaml"));
  CHECK(!t.derived.empty());
  for (const auto& d : t.derived) {
    INFO(d.name);
    CHECK(d.expr);
    bool used = false;
    for (const auto& r : t.rules)
      for (const auto* e : {&r.when, &r.estimate})
        if (*e) {
          auto names = (*e)->derived_names();
          used = used || std::find(names.begin(), names.end(), d.name) != names.end();
        }
    CHECK(used);
  }
}
