// The compiled rule program (rules/rule_program.h, issue 29) against Expression's own
// evaluation, and the matcher built on it against the matcher as it was
// (reference_matcher.h): random tables with every operator, random signal sets and slot
// vectors (missing values, values at and near every threshold, values of the wrong type, not
// finite), from fixed seeds. Every answer must be the same, bit for bit. The recorded signal
// sets (tests/data) go through the same comparison in tests/engine/matcher_equivalence_test.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <map>

#include "rules/rule_program.h"
#include "tests/rules/random_rules.h"
#include "tests/rules/reference_matcher.h"
#include "tests/rules/rule_test_util.h"

using namespace solver::rules;
using namespace solver::rules::test;

namespace {

const ChipTable& chips() {
  static const ChipTable t = load_chip_table(source_path("rules/chips.yaml"));
  return t;
}

SlotFrame frame_of(const std::vector<Value>& slots) {
  SlotFrame f;
  f.resize(static_cast<std::size_t>(rule_slot_count()));
  const auto table = signal_table();
  const std::size_t caps = known_capabilities().size();
  for (std::size_t i = 0; i < slots.size() && i < f.num.size(); ++i) {
    ValueType t = i < table.size()          ? table[i].type
                  : i < table.size() + caps ? ValueType::Bool
                                            : ValueType::Number;
    f.set(i, slots[i], t);
  }
  return f;
}

// What the matcher made of evaluate_soft and evaluate_tri before issue 29's program.
RuleProgram::Graded reference_graded(const Expression& e, std::span<const Value> slots,
                                     double margin, double min_evidence) {
  std::optional<double> degree = e.evaluate_soft(slots, margin);
  std::optional<bool> tri = degree ? std::optional(*degree >= 1) : e.evaluate_tri(slots);
  if (!tri) return {RuleProgram::Verdict::Undecided, 0};
  if (*tri) return {RuleProgram::Verdict::Holds, 1};
  double evidence = degree.value_or(0.0);
  if (evidence + 1e-9 < min_evidence || evidence <= 0) return {};
  return {RuleProgram::Verdict::Near, evidence};
}

}  // namespace

TEST_CASE("the compiled program answers as Expression does, on random expressions and slots") {
  RandomInputs in(20261202, {0.0, 0.5, 1.0, 0.3, 16, 4, 0.8, 132, -2});
  long compared = 0, near = 0, undecided = 0;
  for (int round = 0; round < 40; ++round) {
    RuleTable t = random_table(in, 30);
    RuleProgram p;
    std::vector<std::pair<int, int>> handles;  // (condition, estimate or -1)
    for (const Rule& r : t.rules)
      handles.emplace_back(p.add_condition(*r.when), r.estimate ? p.add_estimate(*r.estimate) : -1);
    p.finish();
    RandomInputs values(1000 + static_cast<std::uint64_t>(round), table_constants(t));
    for (int k = 0; k < 40; ++k) {
      std::vector<Value> slots = values.bound_slots(k % 4 == 0 ? 0.5 : 0.1);
      std::vector<Value> full = slots;
      full.resize(static_cast<std::size_t>(rule_slot_count()));
      bind_chip_slots(chips().chips[values.pick(chips().chips.size())], full);
      SlotFrame f = frame_of(full);
      p.begin(f);
      for (std::size_t i = 0; i < t.rules.size(); ++i) {
        const Rule& r = t.rules[i];
        INFO("rule " << r.when_text);
        std::optional<bool> tri = r.when->evaluate_tri(full);
        CHECK(p.tri(handles[i].first) == tri);
        CHECK(p.holds(handles[i].first) == (tri == true));
        for (double margin : {0.0, 0.2, 1.0})
          for (double min_evidence : {0.0, 0.5, 1.0}) {
            RuleProgram::Graded want = reference_graded(*r.when, full, margin, min_evidence);
            RuleProgram::Graded got = p.graded(handles[i].first, margin, min_evidence);
            CHECK(static_cast<int>(got.verdict) == static_cast<int>(want.verdict));
            if (want.verdict == RuleProgram::Verdict::Near) {
              CHECK(same_double(got.degree, want.degree));
              ++near;
            }
            undecided += want.verdict == RuleProgram::Verdict::Undecided;
          }
        if (handles[i].second >= 0) {
          INFO("estimate " << r.estimate_text);
          Value want = r.estimate->evaluate(full);
          double got = p.estimate(handles[i].second);
          if (const double* d = std::get_if<double>(&want))
            CHECK(same_double(got, *d));
          else
            CHECK(std::isnan(got));
        }
        ++compared;
      }
    }
  }
  // The inputs reach every branch that matters: near misses and undecided conditions.
  CHECK(compared == 40 * 40 * 30);
  CHECK(near > 1000);
  CHECK(undecided > 1000);
}

TEST_CASE("the matcher agrees with the matcher before the compiled program on random tables") {
  RandomInputs in(7, {0.0, 1.0});
  long fired = 0, ranked_near = 0, results = 0;
  for (int round = 0; round < 60; ++round) {
    RuleTable t = random_table(in, 25);
    Matcher now(t);
    ReferenceMatcher before(t);
    RandomInputs values(500 + static_cast<std::uint64_t>(round), table_constants(t));
    for (int k = 0; k < 30; ++k) {
      const ChipProfile& chip = chips().chips[values.pick(chips().chips.size())];
      SignalSet s = values.signal_set(k % 3 == 0 ? 0.4 : 0.08);
      MatchResult a = now.match(s, chip);
      MatchResult b = before.match(s, chip);
      INFO("round " << round << " set " << k << " chip " << chip.id);
      CHECK(difference(a, b) == "");
      std::vector<Value> slots = values.bound_slots(0.1);
      CHECK(difference(now.match_bound(slots, chip), before.match_bound(slots, chip)) == "");
      fired += a.fired != nullptr;
      for (const auto& rr : a.ranked) ranked_near += !rr.holds();
      ++results;
      // The table changes under both (the evolver's moves): confidence, status, calibration.
      if (k % 7 == 6) {
        Rule& r = t.rules[values.pick(t.rules.size())];
        r.confidence = std::round(values.uniform() * 10) / 10;
        if (values.uniform() < 0.3) r.status = RuleStatus::Retired;
        r.calibration.samples += 1;
        r.calibration.achieved += values.uniform();
      }
    }
  }
  CHECK(results == 60 * 30);
  CHECK(fired > results / 4);
  CHECK(ranked_near > 50);
}

TEST_CASE("the bundled tables on every chip agree with the matcher before, random signal sets") {
  for (const char* file : {"rules/rules.yaml", "rules/seed.yaml"}) {
    RuleTable t = load_rule_table(source_path(file));
    Matcher now(t);
    ReferenceMatcher before(t);
    RandomInputs values(20261129, table_constants(t));
    std::size_t fired_kinds = 0;
    std::vector<const Rule*> seen;
    for (int k = 0; k < 3000; ++k) {
      const ChipProfile& chip = chips().chips[static_cast<std::size_t>(k) % chips().chips.size()];
      SignalSet s = values.signal_set(k % 5 == 0 ? 0.3 : 0.05);
      MatchResult a = now.match(s, chip);
      INFO(file << " set " << k << " chip " << chip.id);
      CHECK(difference(a, before.match(s, chip)) == "");
      if (a.fired && std::find(seen.begin(), seen.end(), a.fired) == seen.end()) {
        seen.push_back(a.fired);
        ++fired_kinds;
      }
    }
    // The random sets make many rules fire, not one.
    CHECK(fired_kinds * 2 > t.rules.size() / 2);
    // Appending a rule moves the table's storage: both matchers notice and still agree.
    t.rules.push_back(t.rules.front());
    t.rules.back().id = "copy_of_first";
    SignalSet s = values.signal_set(0.05);
    CHECK(difference(now.match(s, chips().chips[0]), before.match(s, chips().chips[0])) == "");
  }
}

// graded()'s shortcuts for a missing degree (helper h29p): a disjunction root reads the
// three-valued answer from its operands whose degree is missing only; a conjunction from the
// operands of its rest whose degree is missing only; an ordering root whose degree is missing
// is open. Each case below is built so that the shortcut decides it, and the answer must be
// Expression's.
TEST_CASE("graded: missing degrees in disjunctions, conjunctions and orderings") {
  const int dram = *signal_index("dram_frac");
  const int l2 = *signal_index("l2_hit");
  const int occ = *signal_index("occupancy");
  const char* conditions[] = {
      "dram_frac > 0.8 or (l2_hit > 0.5 and occupancy > 0.5)",           // `or` root
      "not (dram_frac <= 0.8 and (l2_hit <= 0.5 or occupancy <= 0.5))",  // `not and` root
      "dram_frac > 0.1 and (l2_hit > 0.5 and occupancy > 0.5)",          // a rest operand
      "dram_frac > 0.1 and (l2_hit > 0.5 or occupancy > 0.5)",
      "dram_frac + l2_hit > 1",  // an ordering on a number node
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // (dram_frac, l2_hit, occupancy); NaN: missing. Near misses beside missing signals.
  const double inputs[][3] = {{0.5, 0.48, nan}, {0.5, 0.9, nan},  {nan, 0.48, nan},
                              {0.5, nan, 0.2},  {0.79, 0.1, nan}, {0.9, nan, nan},
                              {0.5, 0.45, 0.9}, {nan, nan, nan},  {0.2, 0.9, 0.9}};
  std::map<int, int> verdicts;
  for (const char* text : conditions) {
    Expression e = parse_or_fail(text, ValueType::Bool);
    RuleProgram p;
    const int h = p.add_condition(e);
    p.finish();
    for (const auto& in : inputs) {
      std::vector<Value> full(static_cast<std::size_t>(rule_slot_count()));
      const int slots[] = {dram, l2, occ};
      for (int k = 0; k < 3; ++k)
        if (!std::isnan(in[k])) full[static_cast<std::size_t>(slots[k])] = in[k];
      SlotFrame f = frame_of(full);
      p.begin(f);
      for (double margin : {0.0, 0.2, 1.0})
        for (double min_evidence : {0.0, 0.5}) {
          INFO(text << " at " << in[0] << ", " << in[1] << ", " << in[2] << " margin " << margin
                    << " min_evidence " << min_evidence);
          RuleProgram::Graded want = reference_graded(e, full, margin, min_evidence);
          RuleProgram::Graded got = p.graded(h, margin, min_evidence);
          CHECK(static_cast<int>(got.verdict) == static_cast<int>(want.verdict));
          if (want.verdict == RuleProgram::Verdict::Near)
            CHECK(same_double(got.degree, want.degree));
          ++verdicts[static_cast<int>(want.verdict)];
        }
    }
  }
  // Every verdict occurs, Out and Undecided with missing signals among them.
  for (auto v : {RuleProgram::Verdict::Out, RuleProgram::Verdict::Holds, RuleProgram::Verdict::Near,
                 RuleProgram::Verdict::Undecided})
    CHECK(verdicts[static_cast<int>(v)] > 0);
}
