// The matcher's per-rule pre-filter (RuleProgram::Gate / shut, issue 29 "the matcher at >= 1
// M/s"): a rule whose gate conjunct misses by too much to rank is skipped without being
// evaluated. Differential: every table under rules/ (each *.yaml that loads as a rule table)
// under every chip, on random signal sets (every signal, values at, near and far from every
// threshold of the table, some missing, some of the wrong type), classified by the matcher and
// by the matcher as it was before the compiled program (reference_matcher.h, no pre-filter);
// every result must be the same, bit for bit; and the same by id (a SignalVector of the set). And
// the gate's own promise, rule by rule: when it shuts, the graded verdict is Out, the condition
// does not hold and is not true.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "rules/matcher.h"
#include "rules/rule_program.h"
#include "tests/rules/random_rules.h"
#include "tests/rules/reference_matcher.h"
#include "tests/rules/rule_test_util.h"

using namespace solver::rules;
using namespace solver::rules::test;

namespace {

// Every rules/*.yaml that loads as a rule table (chips.yaml does not), by path.
std::vector<std::pair<std::string, RuleTable>> bundled_tables() {
  std::vector<std::string> paths;
  for (const auto& e : std::filesystem::directory_iterator(source_path("rules")))
    if (e.is_regular_file() && e.path().extension() == ".yaml") paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  std::vector<std::pair<std::string, RuleTable>> out;
  for (const auto& p : paths) {
    try {
      out.emplace_back(p, load_rule_table(p));
    } catch (const InputError&) {
      // not a rule table
    }
  }
  return out;
}

const ChipTable& chips() {
  static const ChipTable t = load_chip_table(source_path("rules/chips.yaml"));
  return t;
}

}  // namespace

TEST_CASE("every bundled table classifies random signal sets exactly as without the pre-filter") {
  const auto tables = bundled_tables();
  REQUIRE(tables.size() >= 2);  // rules.yaml and seed.yaml at least
  long compared = 0, fired = 0, undecided = 0;
  for (const auto& [path, table] : tables) {
    INFO(path);
    Matcher now(table);
    ReferenceMatcher before(table);
    RandomInputs in(20261203, table_constants(table));
    MatchResult reused;
    for (int i = 0; i < 400; ++i) {
      const double p_missing = i % 4 == 0 ? 0.0 : i % 4 == 1 ? 0.08 : i % 4 == 2 ? 0.3 : 0.7;
      const SignalSet s = in.signal_set(p_missing);
      for (const auto& chip : chips().chips) {
        INFO("set " << i << " chip " << chip.id);
        MatchResult a = now.match(s, chip);
        CHECK(difference(a, before.match(s, chip)) == "");
        now.match(s, chip, reused);
        CHECK(difference(reused, a) == "");
        // By id (SignalVector), fresh and into the result the named match just filled.
        const SignalVector by_id(s);
        CHECK(difference(now.match(by_id, chip), a) == "");
        now.match(by_id, chip, reused);
        CHECK(difference(reused, a) == "");
        fired += a.fired != nullptr;
        undecided += !a.undecided.empty();
        ++compared;
      }
    }
  }
  MESSAGE(compared << " classifications compared");
  // The sets reach the verdicts, not only "nothing fired".
  CHECK(fired > compared / 10);
  CHECK(undecided > compared / 20);
}

TEST_CASE("a shut gate means the rule is out: graded Out, does not hold, not true") {
  long gated = 0, shut = 0, checked = 0;
  for (const auto& [path, table] : bundled_tables()) {
    INFO(path);
    RuleProgram p;
    std::vector<int> conds;
    for (const Rule& r : table.rules)
      if (r.when) conds.push_back(p.add_condition(*r.when));
    p.finish();
    for (int c : conds) gated += p.gate(c, 0).slot >= 0;
    RandomInputs in(20261204, table_constants(table));
    const auto n = static_cast<std::size_t>(rule_slot_count());
    SlotFrame frame;
    frame.resize(n);
    std::vector<const Value*> values(n, nullptr);
    const double margin = table.evolution.soft_margin;
    const double cut = RuleProgram::shut_cut(table.evolution.min_evidence);
    for (int i = 0; i < 2000; ++i) {
      const SignalSet s = in.signal_set(i % 2 ? 0.1 : 0.0);
      bind_signal_frame(s, frame, values);
      p.begin(frame);
      for (int c : conds) {
        for (int nth = 0; nth < 3; ++nth) {
          const RuleProgram::Gate g = p.gate(c, nth);
          if (g.slot < 0 || !p.shut(g, margin, cut)) continue;
          ++shut;
          CHECK(p.graded(c, margin, table.evolution.min_evidence).verdict ==
                RuleProgram::Verdict::Out);
          CHECK(!p.holds(c));
          CHECK(p.tri(c) != std::optional<bool>(true));
        }
        ++checked;
      }
    }
  }
  MESSAGE(shut << " shut gates over " << checked << " rule evaluations");
  CHECK(gated > 0);
  CHECK(shut > checked / 10);
}
