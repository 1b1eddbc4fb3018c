// The evolver: confidence, retirement, promotion, probation, proposals with real conditions.
#include <doctest/doctest.h>

#include "engine/loop/evolver.h"
#include "rules/chips.h"
#include "rules/rule_table.h"
#include "synthetic_pool.h"

using namespace solver;
using engine::Outcome;

namespace {
rules::ChipProfile h200() { return *rules::load_chip_table(test::chips_yaml()).find("h200"); }

engine::RoundRecord round_of(const std::string& fired, Outcome o, int n,
                             engine::Verdict v = engine::Verdict::Slower) {
  engine::RoundRecord r;
  r.problem = "toy";
  r.track = "on";
  r.round = n;
  r.match.fired = fired;
  r.credited_rule = fired;
  r.hypothesis = "coalesce_global_access";
  r.candidate = "c" + std::to_string(n);
  r.outcome = o;
  r.signals.set("load_eff", 0.3);
  if (o == Outcome::Rejected || o == Outcome::Kept) {
    engine::PairedDecision d;
    d.verdict = o == Outcome::Kept ? engine::Verdict::Faster : v;
    d.median_ratio = o == Outcome::Kept ? 1.5 : 0.9;
    r.verdict = d;
  }
  return r;
}

bool has(const std::vector<engine::EvolutionEvent>& ev, const std::string& kind) {
  for (const auto& e : ev)
    if (e.kind == kind) return true;
  return false;
}
}  // namespace

TEST_CASE("confidence: + on kept, - on rejected, nothing on ambiguous, gate-failed or no-variant") {
  auto table = rules::parse_rule_table(test::toy_rules(), "toy.yaml");
  auto chip = h200();
  engine::Evolver ev(table, chip);
  rules::Rule& r = *table.find("uncoalesced");
  auto kept = round_of("uncoalesced", Outcome::Kept, 1);
  kept.candidate_signals = rules::SignalSet{};
  kept.candidate_signals->set("load_eff", 0.9);  // the expected signal went up
  auto e = ev.observe(kept);
  CHECK(r.confidence == doctest::Approx(0.65));
  CHECK(has(e, "expect-met"));
  ev.observe(round_of("uncoalesced", Outcome::Rejected, 2, engine::Verdict::Ambiguous));
  CHECK(r.confidence == doctest::Approx(0.65));
  ev.observe(round_of("uncoalesced", Outcome::GateFailed, 3));
  CHECK(r.confidence == doctest::Approx(0.65));
  ev.observe(round_of("uncoalesced", Outcome::Rejected, 4));
  CHECK(r.confidence == doctest::Approx(0.5));
  // No variant: the pool cannot act on the hypothesis here, which says nothing about the
  // rule's diagnosis (a table carried to another pool would otherwise retire a rule only
  // because this pool lacks its rewrite): a neutral event, no trial.
  auto e5 = ev.observe(round_of("uncoalesced", Outcome::NoVariant, 5));
  CHECK(has(e5, "neutral"));
  CHECK_FALSE(has(e5, "penalty"));
  CHECK(r.confidence == doctest::Approx(0.5));
  CHECK(r.provenance.trials == 2);
  CHECK(r.provenance.successes == 1);
  CHECK(r.provenance.failures == 1);
}

TEST_CASE("a kept round whose expectation failed earns half the reward") {
  auto table = rules::parse_rule_table(test::toy_rules(), "toy.yaml");
  auto chip = h200();
  engine::Evolver ev(table, chip);
  auto kept = round_of("uncoalesced", Outcome::Kept, 1);
  kept.candidate_signals = rules::SignalSet{};
  kept.candidate_signals->set("load_eff", 0.2);  // went down, the rule said up
  auto e = ev.observe(kept);
  CHECK(has(e, "expect-failed"));
  CHECK(table.find("uncoalesced")->confidence == doctest::Approx(0.575));
}

TEST_CASE("retire below the threshold only after min_trials; promote above") {
  auto table = rules::parse_rule_table(test::toy_rules(), "toy.yaml");
  auto chip = h200();
  engine::Evolver ev(table, chip);
  rules::Rule& r = *table.find("low_ilp");
  ev.observe(round_of("low_ilp", Outcome::Rejected, 1));
  ev.observe(round_of("low_ilp", Outcome::Rejected, 2));
  CHECK(r.status == rules::RuleStatus::Active);  // 0.2 is not below 0.2, and 2 < min_trials
  auto e = ev.observe(round_of("low_ilp", Outcome::Rejected, 3));
  CHECK(r.status == rules::RuleStatus::Retired);
  CHECK(has(e, "retired"));
  REQUIRE(!r.provenance.events.empty());
  CHECK(r.provenance.events.back().find("retired at toy round 3") != std::string::npos);

  rules::Rule& u = *table.find("uncoalesced");
  for (int i = 1; i <= 3; ++i) ev.observe(round_of("uncoalesced", Outcome::Kept, 10 + i));
  CHECK(u.confidence == doctest::Approx(0.95));
  CHECK(u.status == rules::RuleStatus::Promoted);
}

TEST_CASE("derive_condition: true on the examples it came from, false on the counter-examples") {
  rules::SignalSet p1, p2, n1, n2;
  p1.set("load_eff", 0.55), p1.set("issue_frac", 0.2), p1.set("l2_hit", 0.5);
  p2.set("load_eff", 0.58), p2.set("issue_frac", 0.25), p2.set("l2_hit", 0.9);
  n1.set("load_eff", 0.66), n1.set("issue_frac", 0.6), n1.set("l2_hit", 0.5);
  n2.set("load_eff", 0.95), n2.set("issue_frac", 0.5), n2.set("l2_hit", 0.7);
  auto c = engine::derive_condition({p1, p2}, {n1, n2});
  REQUIRE(!c.text.empty());
  CHECK(c.signals.at(0) == "issue_frac");  // widest normalised gap (0.25 vs 0.5)
  rules::Diagnostics d;
  auto expr =
      rules::Expression::parse(c.text, {}, rules::rule_resolver(), d, rules::ValueType::Bool);
  REQUIRE(expr);
  auto chip = h200();
  std::vector<rules::Value> slots(rules::rule_slot_count());
  for (const auto* s : {&p1, &p2}) {
    rules::bind_slots(*s, chip, slots);
    CHECK(expr->evaluate_bool(slots));
  }
  for (const auto* s : {&n1, &n2}) {
    rules::bind_slots(*s, chip, slots);
    CHECK_FALSE(expr->evaluate_bool(slots));
  }
  // l2_hit overlaps (0.5 on both sides): it must not be chosen.
  CHECK(c.text.find("l2_hit") == std::string::npos);
  // Nothing separates identical examples.
  CHECK(engine::derive_condition({p1}, {p1}).text.empty());
}

TEST_CASE("an explored kept round with no rule behind it proposes a parseable rule on probation") {
  auto table = rules::parse_rule_table(test::toy_rules(), "toy.yaml");
  auto chip = h200();
  engine::Evolver ev(table, chip);
  engine::RoundRecord r = round_of("low_ilp", Outcome::Kept, 4);
  r.explored = true;
  r.credited_rule = "";
  r.hypothesis = "vectorize_loads";
  r.signals = {};
  r.signals.set("issue_frac", 0.25), r.signals.set("dram_frac", 0.5),
      r.signals.set("load_eff", 0.9);
  r.candidate_signals = rules::SignalSet{};
  r.candidate_signals->set("issue_frac", 0.6);
  r.candidate_signals->set("dram_frac", 0.95);
  r.candidate_signals->set("load_eff", 0.95);
  auto e = ev.observe(r);
  CHECK(has(e, "neutral"));  // low_ilp had no variant: the pool's limit, not a failure
  CHECK_FALSE(has(e, "penalty"));
  REQUIRE(has(e, "proposed"));
  const rules::Rule& p = table.rules.back();
  CHECK(p.id == "proposed_vectorize_loads_1");
  CHECK(p.status == rules::RuleStatus::Probation);
  CHECK(p.hypothesis == "vectorize_loads");
  CHECK(p.priority == table.find("low_ilp")->priority - 1);
  CHECK(p.when_text.find("issue_frac < ") == 0);
  CHECK(p.rationale.rfind("proposed:", 0) == 0);
  REQUIRE(p.when);
  std::vector<rules::Value> slots(rules::rule_slot_count());
  rules::bind_slots(r.signals, chip, slots);
  CHECK(p.when->evaluate_bool(slots));
  rules::bind_slots(*r.candidate_signals, chip, slots);
  CHECK_FALSE(p.when->evaluate_bool(slots));
  // The evolved table, proposal included, is valid rules.yaml with provenance.
  std::string yaml = rules::dump_rule_table(table);
  auto reloaded = rules::parse_rule_table(yaml, "evolved.yaml");
  REQUIRE(reloaded.find("proposed_vectorize_loads_1"));
  CHECK(reloaded.find("proposed_vectorize_loads_1")->status == rules::RuleStatus::Probation);
  CHECK(yaml.find("proposed at toy round 4") != std::string::npos);
}

TEST_CASE("derive_condition keeps to the allowed signals") {
  rules::SignalSet p, n;
  p.set("tensor_frac", 0.0005), p.set("dram_frac", 0.60);
  n.set("tensor_frac", 0.0080), n.set("dram_frac", 0.62);
  // tensor_frac separates by far the most, but only dram_frac is allowed.
  CHECK(engine::derive_condition({p}, {n}).signals.at(0) == "tensor_frac");
  auto c = engine::derive_condition({p}, {n}, {"dram_frac", "load_eff"});
  REQUIRE(c.signals.size() == 1);
  CHECK(c.signals[0] == "dram_frac");
  CHECK(c.text.find("tensor_frac") == std::string::npos);
  // Nothing allowed separates: no condition, and the reason says so.
  auto none = engine::derive_condition({p}, {n}, {"load_eff"});
  CHECK(none.text.empty());
  CHECK(none.why.find("evidence") != std::string::npos);
}

TEST_CASE("a win that only an unrelated signal explains proposes nothing") {
  // Live H200, reduce: the one signal separating the rounds was tensor_frac (a stray HMMA per
  // warp), which says nothing about vectorising loads. The proposal must be skipped.
  auto table = rules::parse_rule_table(test::toy_rules(), "toy.yaml");
  auto chip = h200();
  engine::Evolver ev(table, chip);
  engine::RoundRecord r = round_of("low_ilp", Outcome::Kept, 1);
  r.explored = true;
  r.credited_rule = "";
  r.hypothesis = "vectorize_loads";
  r.signals = {};
  r.signals.set("tensor_frac", 0.0005), r.signals.set("dram_frac", 0.90);
  r.signals.set("load_eff", 1.0);
  r.candidate_signals = rules::SignalSet{};
  r.candidate_signals->set("tensor_frac", 0.0009);
  r.candidate_signals->set("dram_frac", 0.90);
  r.candidate_signals->set("load_eff", 1.0);
  std::size_t before = table.rules.size();
  auto e = ev.observe(r);
  CHECK_FALSE(has(e, "proposed"));
  CHECK(has(e, "proposal-skipped"));
  CHECK(table.rules.size() == before);
}

TEST_CASE("a proposal that would leave a rule unable to fire is skipped: the table must load") {
  // The win of the proposal test above, `uncoalesced` fired, in a table with one more rule the
  // derived condition (`issue_frac < 0.4 and dram_frac < 0.7`) would cover from above:
  // `deep_ilp` (issue_frac < 0.1 and dram_frac < 0.2, priority 45) has no estimate, so the
  // proposal, one priority above uncoalesced (40), would pre-empt it wherever it holds and the
  // loader would refuse the evolved table.
  auto round = [] {
    engine::RoundRecord r = round_of("uncoalesced", Outcome::Kept, 4);
    r.explored = true;
    r.credited_rule = "";
    r.hypothesis = "vectorize_loads";
    r.signals = {};
    r.signals.set("issue_frac", 0.25), r.signals.set("dram_frac", 0.5),
        r.signals.set("load_eff", 0.9);
    r.candidate_signals = rules::SignalSet{};
    r.candidate_signals->set("issue_frac", 0.6);
    r.candidate_signals->set("dram_frac", 0.95);
    r.candidate_signals->set("load_eff", 0.95);
    return r;
  };
  const std::string deep =
      "  - id: deep_ilp\n    when: issue_frac < 0.1 and dram_frac < 0.2\n    hypothesis: "
      "increase_ilp\n"
      "    priority: 45\n    rationale: deeper latency bound\n";
  auto chip = h200();
  {
    auto table = rules::parse_rule_table(test::toy_rules() + deep, "toy.yaml");
    engine::Evolver ev(table, chip);
    std::size_t before = table.rules.size();
    auto e = ev.observe(round());
    CHECK_FALSE(has(e, "proposed"));
    REQUIRE(has(e, "proposal-skipped"));
    bool said = false;
    for (const auto& x : e)
      said =
          said || x.detail.find("would leave rule 'deep_ilp' unable to fire") != std::string::npos;
    CHECK(said);
    CHECK(table.rules.size() == before);
    CHECK_NOTHROW(rules::parse_rule_table(rules::dump_rule_table(table), "evolved.yaml"));
  }
  {
    // With an estimate deep_ilp ranks by score, before the estimate-less proposal wherever its
    // estimate is known: the proposal leaves it able to fire and is made.
    auto table = rules::parse_rule_table(
        test::toy_rules() + deep + "    estimate: 1 - issue_frac\n", "toy.yaml");
    engine::Evolver ev(table, chip);
    auto e = ev.observe(round());
    REQUIRE(has(e, "proposed"));
    CHECK_NOTHROW(rules::parse_rule_table(rules::dump_rule_table(table), "evolved.yaml"));
  }
}
