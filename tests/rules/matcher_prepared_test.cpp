// Matcher::prepare / match_prepared (issue 29): a batch under one chip, the table-change check
// and the chip check done once by prepare(), not per classification. Every result must equal
// match(signals, chip, out)'s and the matcher as it was (reference_matcher.h), bit for bit, on
// random signal sets under every chip; and what the batch still notices by itself (another
// chip bound in between, rules appended) or after prepare() again (a confidence changed in
// place) must show in its results.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "rules/matcher.h"
#include "rules/signal_vector.h"
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

std::vector<SignalVector> random_vectors(const RuleTable& table, std::uint64_t seed, int n) {
  RandomInputs in(seed, table_constants(table));
  std::vector<SignalVector> out;
  for (int i = 0; i < n; ++i) out.emplace_back(in.signal_set(i % 3 == 0 ? 0.0 : 0.2));
  return out;
}

}  // namespace

TEST_CASE("match_prepared gives match's result for every set under every chip") {
  const RuleTable table = load_rule_table(source_path("rules/rules.yaml"));
  RandomInputs in(20261205, table_constants(table));
  std::vector<SignalSet> sets;
  for (int i = 0; i < 150; ++i) sets.push_back(in.signal_set(i % 4 == 0 ? 0.0 : 0.1 * (i % 4)));
  Matcher batch(table), single(table);
  ReferenceMatcher before(table);
  MatchResult out;
  long fired = 0, missing = 0;
  for (const ChipProfile& chip : chips().chips) {
    INFO("chip " << chip.id);
    batch.prepare(chip);
    for (const SignalSet& s : sets) {
      const SignalVector v(s);
      batch.match_prepared(v, out);  // into the result the previous set filled
      const MatchResult want = single.match(v, chip);
      CHECK(difference(out, want) == "");
      CHECK(difference(out, before.match(s, chip)) == "");
      fired += out.fired != nullptr;
      missing += !out.missing_signals.empty();
    }
  }
  // The sets reach verdicts and missing signals, not only empty results.
  CHECK(fired > 100);
  CHECK(missing > 100);
}

TEST_CASE("match_prepared without prepare throws") {
  const RuleTable table = load_rule_table(source_path("rules/rules.yaml"));
  Matcher m(table);
  MatchResult out;
  CHECK_THROWS_AS(m.match_prepared(SignalVector(), out), std::logic_error);
}

TEST_CASE("match_prepared notices another chip bound in between and rules appended") {
  RuleTable table = load_rule_table(source_path("rules/rules.yaml"));
  REQUIRE(chips().chips.size() >= 2);
  const ChipProfile& first = chips().chips[0];
  const ChipProfile& second = chips().chips[1];
  const std::vector<SignalVector> sets = random_vectors(table, 20261206, 60);
  Matcher m(table);
  MatchResult out;
  m.prepare(first);
  for (const SignalVector& v : sets) {
    (void)m.match(v, second);  // binds the other chip
    m.match_prepared(v, out);
    Matcher fresh(table);
    CHECK(difference(out, fresh.match(v, first)) == "");
  }
  // Rules appended (the evolver's proposals): the storage or size changes, so it prepares
  // again and the new rule is read.
  table.rules.push_back(table.rules.front());
  table.rules.back().id = "appended_copy";
  table.rules.back().priority = 0;
  long saw_appended = 0;
  for (const SignalVector& v : sets) {
    m.match_prepared(v, out);
    Matcher fresh(table);
    CHECK(difference(out, fresh.match(v, first)) == "");
    for (const RankedRule& r : out.ranked) saw_appended += r.rule->id == "appended_copy";
  }
  CHECK(saw_appended > 0);
}

TEST_CASE("prepare again reads a confidence changed in place") {
  RuleTable table = load_rule_table(source_path("rules/rules.yaml"));
  const ChipProfile& chip = chips().chips[0];
  const std::vector<SignalVector> sets = random_vectors(table, 20261207, 80);
  Matcher m(table);
  MatchResult out;
  m.prepare(chip);
  for (Rule& r : table.rules) r.confidence = 1.0 - 0.9 * r.confidence;  // the evolver's kind
  m.prepare(chip);
  long differs = 0;
  for (const SignalVector& v : sets) {
    m.match_prepared(v, out);
    Matcher fresh(table);
    const MatchResult want = fresh.match(v, chip);
    CHECK(difference(out, want) == "");
    for (std::size_t i = 0; i < want.ranked.size(); ++i) differs += want.ranked[i].score > 0;
  }
  CHECK(differs > 0);  // the scores read the new confidences
}
