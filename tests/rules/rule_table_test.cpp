#include <doctest/doctest.h>

#include <set>

#include "rules/bottlenecks.h"
#include "rules/hypotheses.h"
#include "rules/rule_table.h"
#include "rules/signals.h"
#include "tests/rules/rule_test_util.h"

using namespace solver::rules;
using solver::rules::test::diagnostics_of;
using solver::rules::test::has_diag;
using solver::rules::test::joined;
using solver::rules::test::source_path;

namespace {

// A one-rule file; `extra` lines go inside the rule mapping, after `rationale:`.
// Lines: 1 version, 2 rules:, 3 "  - id: r", 4 when, 5 hypothesis, 6 priority, 7 rationale, 8..
// extra
std::string one_rule(const std::string& when, const std::string& extra = "",
                     const std::string& hypothesis = "fuse_kernels",
                     const std::string& priority = "10") {
  return "version: 1\nrules:\n  - id: r\n    when: " + when + "\n    hypothesis: " + hypothesis +
         "\n    priority: " + priority + "\n    rationale: why\n" + extra;
}

std::vector<std::string> errors(const std::string& yaml) {
  return diagnostics_of([&] { parse_rule_table(yaml, "t.yaml"); });
}

void check_fields_equal(const RuleTable& a, const RuleTable& b) {
  CHECK(a.version == b.version);
  const EvolutionConfig& x = a.evolution;
  const EvolutionConfig& y = b.evolution;
  CHECK(x.initial_confidence == y.initial_confidence);
  CHECK(x.reward == y.reward);
  CHECK(x.penalty == y.penalty);
  CHECK(x.retire_below == y.retire_below);
  CHECK(x.min_trials == y.min_trials);
  CHECK(x.promote_above == y.promote_above);
  CHECK(x.probation_confidence == y.probation_confidence);
  CHECK(x.probation_trials == y.probation_trials);
  CHECK(x.min_gain == y.min_gain);
  CHECK(x.patience == y.patience);
  REQUIRE(a.rules.size() == b.rules.size());
  for (std::size_t i = 0; i < a.rules.size(); ++i) {
    const Rule& r = a.rules[i];
    const Rule& s = b.rules[i];
    INFO("rule ", r.id);
    CHECK(r.id == s.id);
    CHECK(r.when_text == s.when_text);
    REQUIRE(r.when);
    REQUIRE(s.when);
    CHECK(r.when->canonical() == s.when->canonical());
    CHECK(r.requires_caps == s.requires_caps);
    CHECK(r.hypothesis == s.hypothesis);
    CHECK(r.bottleneck == s.bottleneck);
    CHECK(r.priority == s.priority);
    CHECK(r.rationale == s.rationale);
    CHECK(r.stop == s.stop);
    CHECK(r.expect.has_value() == s.expect.has_value());
    if (r.expect && s.expect) {
      CHECK(r.expect->signal == s.expect->signal);
      CHECK(r.expect->direction == s.expect->direction);
    }
    CHECK(r.status == s.status);
    CHECK(r.confidence == s.confidence);
    CHECK(r.provenance.trials == s.provenance.trials);
    CHECK(r.provenance.successes == s.provenance.successes);
    CHECK(r.provenance.failures == s.provenance.failures);
    CHECK(r.provenance.origin == s.provenance.origin);
    CHECK(r.provenance.events == s.provenance.events);
  }
}

}  // namespace

TEST_CASE("the bundled tables load cleanly") {
  RuleTable ours = load_rule_table(source_path("rules/rules.yaml"));
  RuleTable seed = load_rule_table(source_path("rules/seed.yaml"));
  CHECK(ours.rules.size() >= 15);
  for (const char* id :
       {"below_weight_gate", "fp32_no_tensorcore", "tensorcore_saturated", "memory_bound_fusable",
        "launch_overhead", "memory_saturated", "uncoalesced", "reg_pressure"}) {
    CHECK_MESSAGE(seed.find(id), id);
    CHECK_MESSAGE(ours.find(id), id);
  }
  CHECK(seed.rules.size() == 8);
  // The seed reads the profiled DRAM %, which is what makes its misfire reproducible.
  CHECK(seed.find("memory_saturated")->when_text == "dram_pct_profiled > 80");
  CHECK(seed.find("memory_saturated")->stop);
  CHECK(seed.find("fp32_no_tensorcore")->requires_caps == std::vector<std::string>{"tf32"});
  CHECK(seed.evolution.retire_below == 0.25);
  // Ours reads the unprofiled, formula-based fraction instead.
  CHECK(ours.find("memory_saturated")->when->names() == std::vector<std::string>{"dram_frac"});
  for (const auto& r : ours.rules) {
    CHECK_MESSAGE(is_known_hypothesis(r.hypothesis), r.id);
    CHECK_MESSAGE(r.rationale.find('\n') == std::string::npos, r.id);
    CHECK_MESSAGE(r.rationale.size() > 30, r.id);
  }
  for (const char* cap : {"cp_async", "wgmma", "tf32"}) {
    bool some = false;
    for (const auto& r : ours.rules)
      for (const auto& c : r.requires_caps) some = some || c == cap;
    CHECK_MESSAGE(some, "no default rule is guarded by ", cap);
  }
}

TEST_CASE("fields are read; defaults apply") {
  RuleTable t = parse_rule_table(
      one_rule("not tensor_active", "    stop: true\n    requires: [tf32, cp_async]\n") +
          "evolution:\n  initial_confidence: 0.6\n  patience: 5\n",
      "t.yaml");
  REQUIRE(t.rules.size() == 1);
  const Rule& r = t.rules[0];
  CHECK(r.id == "r");
  CHECK(r.when_text == "not tensor_active");
  CHECK(r.requires_caps == std::vector<std::string>{"tf32", "cp_async"});
  CHECK(r.priority == 10);
  CHECK(r.stop);
  CHECK(r.status == RuleStatus::Active);
  CHECK(r.confidence == 0.6);  // no confidence: starts at evolution.initial_confidence
  CHECK(r.where.line == 3);
  CHECK(r.where.column == 5);
  CHECK(t.evolution.patience == 5);
  CHECK(t.evolution.reward == EvolutionConfig{}.reward);
  CHECK(t.file == "t.yaml");
}

TEST_CASE("check: YAML syntax error is located") {
  auto d =
      diagnostics_of([] { load_rule_table(source_path("tests/data/rules/syntax_error.yaml")); });
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, source_path("tests/data/rules/syntax_error.yaml") + ":5:15", "invalid YAML"));
}

TEST_CASE("check: unknown keys") {
  auto d = errors(one_rule("weight < 0.1", "    stpo: true\n"));
  INFO(joined(d));
  CHECK(has_diag(d, "t.yaml:8:5", "unknown key 'stpo' (did you mean 'stop'?)"));
  d = errors("version: 1\nrulez: []\nrules: []\n");
  CHECK(has_diag(d, "t.yaml:2:1", "unknown key 'rulez'"));
}

TEST_CASE("check: unknown signal and unknown chip name in the condition") {
  auto d = errors(one_rule("dram_frac > 0.5 and wieght < 0.1"));
  INFO(joined(d));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:4:31", "unknown name 'wieght'"));
  d = errors(one_rule("chip.tf33"));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:4:11", "unknown name 'chip.tf33'"));
  // Quoted scalars: the column points inside the quotes.
  d = errors(one_rule("\"bogus > 1\""));
  CHECK(has_diag(d, "t.yaml:4:12", "unknown name 'bogus'"));
}

TEST_CASE("check: unknown capability in requires") {
  auto d = errors(one_rule("weight < 0.1", "    requires: [tf32, tf23]\n"));
  INFO(joined(d));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:8:22", "unknown capability 'tf23' in requires (did you mean 'tf32'?)"));
}

TEST_CASE("check: the condition must be a bool") {
  auto d = errors(one_rule("dram_frac * 2"));
  INFO(joined(d));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:4:11", "is a number"));
  d = errors(one_rule("dtype > 3"));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:4:11", "is a string"));
}

TEST_CASE("check: duplicate id") {
  std::string y = one_rule("weight < 0.1") +
                  "  - id: r\n    when: weight > 0.2\n"
                  "    hypothesis: fuse_kernels\n    priority: 1\n    rationale: second\n";
  auto d = errors(y);
  INFO(joined(d));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:8:9", "duplicate rule id 'r' (first defined at t.yaml:3:9)"));
}

TEST_CASE("check: missing or empty rationale") {
  auto d = errors(
      "version: 1\nrules:\n  - id: r\n    when: weight < 0.1\n"
      "    hypothesis: fuse_kernels\n    priority: 1\n");
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:3:5", "rule 'r' has no rationale"));
  d = errors(
      "version: 1\nrules:\n  - id: r\n    when: weight < 0.1\n"
      "    hypothesis: fuse_kernels\n    priority: 1\n    rationale: \"  \"\n");
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:7:16", "rule 'r' has an empty rationale"));
  d = errors(
      "version: 1\nrules:\n  - id: r\n    when: weight < 0.1\n"
      "    hypothesis: fuse_kernels\n    priority: 1\n    rationale: |\n      one\n      two\n");
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:7:16", "rationale must be one line"));
}

TEST_CASE("check: unknown hypothesis") {
  auto d = errors(one_rule("weight < 0.1", "", "fuse_kernel"));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:5:17",
                 "unknown hypothesis 'fuse_kernel' (did you mean 'fuse_kernels'?)"));
}

TEST_CASE("bottleneck: optional, from the taxonomy, written back") {
  RuleTable none = parse_rule_table(one_rule("weight < 0.1"), "t.yaml");
  CHECK(none.rules[0].bottleneck.empty());
  CHECK(dump_rule_table(none).find("bottleneck") == std::string::npos);

  RuleTable t =
      parse_rule_table(one_rule("weight < 0.1", "    bottleneck: low_weight\n"), "t.yaml");
  CHECK(t.rules[0].bottleneck == "low_weight");
  std::string text = dump_rule_table(t);
  CHECK(text.find("    hypothesis: fuse_kernels\n    bottleneck: low_weight\n") !=
        std::string::npos);
  RuleTable u = parse_rule_table(text, "dumped.yaml");
  CHECK(u.rules[0].bottleneck == "low_weight");
  // The verdict's name is content: a table that says a different bottleneck is a different table.
  CHECK(u.content_hash() != none.content_hash());
}

TEST_CASE("check: unknown bottleneck is located and lists the taxonomy") {
  auto d = errors(one_rule("weight < 0.1", "    bottleneck: dram_bandwith\n"));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:8:17",
                 "unknown bottleneck 'dram_bandwith' (did you mean 'dram_bandwidth'?)"));
  for (const auto& b : bottleneck_table())
    CHECK_MESSAGE(joined(d).find(std::string(b.id)) != std::string::npos, b.id);
  auto e = errors(one_rule("weight < 0.1", "    bottleneck: [dram_bandwidth]\n"));
  REQUIRE(e.size() == 1);
  CHECK(has_diag(e, "t.yaml:8:17", "bottleneck"));
}

TEST_CASE("the bottleneck taxonomy: 33 unique ids, each with one line of meaning") {
  std::set<std::string_view> ids;
  for (const auto& b : bottleneck_table()) {
    CHECK_MESSAGE(ids.insert(b.id).second, b.id);
    CHECK(b.description.size() > 20);
    CHECK(b.description.find('\n') == std::string_view::npos);
    CHECK(is_known_bottleneck(b.id));
  }
  CHECK(ids.size() == 33);
  for (const char* id : {"dram_bandwidth",
                         "uncoalesced",
                         "cache_resident_reuse",
                         "l2_bandwidth",
                         "fp32_compute",
                         "fp64_compute",
                         "xu_compute",
                         "naive_gemm",
                         "tensor_gemm_unstaged",
                         "tensor_gemm_not_wgmma",
                         "bank_conflicts",
                         "shared_data_pipe",
                         "register_spills",
                         "small_grid",
                         "dependent_load_latency",
                         "atomic_contention",
                         "register_limited_occupancy",
                         "smem_limited_occupancy",
                         "warp_divergence",
                         "barrier_bound",
                         "launch_overhead",
                         "low_ilp",
                         "at_ceiling",
                         "low_weight"})
    CHECK_MESSAGE(is_known_bottleneck(id), id);
  CHECK_FALSE(is_known_bottleneck("DRAM_bandwidth"));
  CHECK_FALSE(is_known_bottleneck(""));
}

TEST_CASE("check: bad priority") {
  auto d = errors(one_rule("weight < 0.1", "", "fuse_kernels", "-1"));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:6:15", "priority must be between 0 and"));
  d = errors(one_rule("weight < 0.1", "", "fuse_kernels", "high"));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:6:15", "must be an integer, got 'high'"));
  d = errors(one_rule("weight < 0.1", "", "fuse_kernels", "2.5"));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:6:15", "must be an integer"));
}

TEST_CASE("check: expect signal and direction") {
  auto d =
      errors(one_rule("weight < 0.1", "    expect: {signal: tensor_fraq, direction: sideways}\n"));
  INFO(joined(d));
  REQUIRE(d.size() == 2);
  CHECK(has_diag(d, "t.yaml:8:22",
                 "expect.signal: unknown signal 'tensor_fraq' (did you mean 'tensor_frac'?)"));
  CHECK(has_diag(d, "t.yaml:8:46", "expect.direction must be 'up' or 'down', got 'sideways'"));
  d = errors(one_rule("weight < 0.1", "    expect: {signal: dtype, direction: up}\n"));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:8:22", "'dtype' is a string signal"));
  d = errors(one_rule("weight < 0.1", "    expect: {signal: waves}\n"));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:8:13", "missing required key 'direction'"));
  d = errors(
      one_rule("weight < 0.1", "    stop: true\n    expect: {signal: waves, direction: up}\n"));
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:9:13", "a stop rule"));
}

TEST_CASE("check: status, confidence and provenance as the evolver writes them") {
  RuleTable t = parse_rule_table(
      one_rule(
          "weight < 0.1",
          "    status: retired\n    confidence: 0.125\n    provenance:\n      trials: 4\n"
          "      successes: 0\n      failures: 4\n      origin: input\n"
          "      events: [\"retired at matmul round 7: confidence 0.125 < 0.2 after 4 trials\"]\n"),
      "t.yaml");
  const Rule& r = t.rules.at(0);
  CHECK(r.status == RuleStatus::Retired);
  CHECK(r.confidence == 0.125);
  CHECK(r.provenance.failures == 4);
  CHECK(r.provenance.events.size() == 1);
  auto d = errors(one_rule("weight < 0.1",
                           "    status: sleeping\n    confidence: 1.5\n"
                           "    provenance: {trials: -1}\n"));
  INFO(joined(d));
  REQUIRE(d.size() == 3);
  CHECK(has_diag(d, "t.yaml:8:13", "status must be active, probation, promoted or retired"));
  CHECK(has_diag(d, "t.yaml:9:17", "confidence must be in [0, 1], got 1.5"));
  CHECK(has_diag(d, "t.yaml:10:26", "provenance.trials must not be negative"));
}

TEST_CASE("check: evolution thresholds") {
  const std::string f = source_path("tests/data/rules/bad_evolution.yaml");
  auto d = diagnostics_of([&] { load_rule_table(f); });
  INFO(joined(d));
  REQUIRE(d.size() == 4);
  CHECK(has_diag(d, f + ":3:17", "evolution.retire_below (0.9) must be below promote_above (0.5)"));
  CHECK(has_diag(d, f + ":5:11", "evolution.reward must be in (0, 1], got 1.5"));
  CHECK(has_diag(d, f + ":6:15", "evolution.min_trials must be a whole number >= 1, got 0"));
  CHECK(has_diag(d, f + ":7:3", "unknown key 'bogus'"));
  // Reported in file order.
  CHECK(d[0].find(":3:17:") != std::string::npos);
  CHECK(d[3].find(":7:3:") != std::string::npos);
  d = errors("version: 1\nevolution:\n  retire_below: 0.5\n  initial_confidence: 0.4\nrules: []\n");
  REQUIRE(d.size() == 2);  // initial 0.4 and probation default 0.4 are both under 0.5
  CHECK(has_diag(d, "t.yaml:4:23",
                 "evolution.initial_confidence (0.4) must be above retire_below (0.5)"));
  CHECK(has_diag(d, "t.yaml:3:17",
                 "evolution.probation_confidence (0.4) must be above retire_below"));
}

TEST_CASE("check: version and top level") {
  auto d = errors("version: 2\nrules: []\n");
  REQUIRE(d.size() == 1);
  CHECK(has_diag(d, "t.yaml:1:10", "unsupported rules version 2"));
  d = errors("version: 1\n");
  CHECK(has_diag(d, "t.yaml:1:1", "missing required key 'rules'"));
}

TEST_CASE("a file with five different mistakes yields five located errors") {
  const std::string f = source_path("tests/data/rules/five_mistakes.yaml");
  auto d = diagnostics_of([&] { load_rule_table(f); });
  INFO(joined(d));
  REQUIRE(d.size() == 5);
  CHECK(has_diag(d, f + ":5:11", "unknown name 'dram_fracc'"));
  CHECK(has_diag(d, f + ":10:11", "is a number"));
  CHECK(has_diag(d, f + ":14:5", "has no rationale"));
  CHECK(has_diag(d, f + ":20:17", "unknown hypothesis 'make_it_fast'"));
  CHECK(has_diag(d, f + ":23:9", "duplicate rule id 'unknown_signal'"));
}

TEST_CASE("resolver, slot layout and binding") {
  const int S = static_cast<int>(signal_table().size());
  Resolver resolve = rule_resolver();
  CHECK(resolve("dram_frac")->slot == *signal_index("dram_frac"));
  CHECK(resolve("dtype")->type == ValueType::String);
  CHECK(resolve("chip.tf32")->slot == S);
  CHECK(resolve("chip.tf32")->type == ValueType::Bool);
  CHECK(resolve("chip.sm_count")->type == ValueType::Number);
  CHECK(resolve("chip.sm_count")->slot >= S + static_cast<int>(known_capabilities().size()));
  CHECK_FALSE(resolve("chip.warp_drive"));
  CHECK_FALSE(resolve("chip"));
  CHECK_FALSE(resolve("tf32"));
  CHECK(rule_slot_count() ==
        S + static_cast<int>(known_capabilities().size() + chip_numeric_properties().size()));

  ChipProfile chip;
  chip.capabilities = {"tf32"};
  chip.numbers = {{"sm_count", 132.0}};
  SignalSet s;
  s.set("dram_frac", 0.9);
  s.set("weight", std::string("heavy"));  // wrong type: binds as missing
  s.set("not_a_signal", 1.0);             // ignored
  s.set("dtype", std::string("fp32"));
  std::vector<Value> slots;
  bind_slots(s, chip, slots);
  REQUIRE(slots.size() == static_cast<std::size_t>(rule_slot_count()));
  CHECK(std::get<double>(slots[*signal_index("dram_frac")]) == 0.9);
  CHECK(is_missing(slots[*signal_index("weight")]));
  CHECK(std::get<std::string>(slots[*signal_index("dtype")]) == "fp32");
  CHECK(is_missing(slots[*signal_index("time_us")]));
  CHECK(std::get<bool>(slots[resolve("chip.tf32")->slot]) == true);
  CHECK(std::get<bool>(slots[resolve("chip.wgmma")->slot]) == false);
  CHECK(std::get<double>(slots[resolve("chip.sm_count")->slot]) == 132.0);
  CHECK(is_missing(slots[resolve("chip.dram_gbps")->slot]));
  // Rebinding clears what the previous signal set had.
  bind_slots(SignalSet{}, chip, slots);
  CHECK(is_missing(slots[*signal_index("dram_frac")]));
}

TEST_CASE("dump round-trips: load(dump(t)) equals t") {
  for (const char* file : {"rules/rules.yaml", "rules/seed.yaml"}) {
    INFO(file);
    RuleTable t = load_rule_table(source_path(file));
    std::string text = dump_rule_table(t);
    RuleTable u = parse_rule_table(text, "dumped.yaml");
    check_fields_equal(t, u);
    CHECK(dump_rule_table(u) == text);
    CHECK(u.content_hash() == t.content_hash());
  }
}

TEST_CASE("dump round-trips evolved state and awkward strings") {
  RuleTable t = load_rule_table(source_path("rules/seed.yaml"));
  Rule& r = *t.find("uncoalesced");
  r.status = RuleStatus::Retired;
  r.confidence = 0.1 + 0.2;  // not a short decimal: must still round-trip exactly
  r.provenance = {5,
                  1,
                  4,
                  "proposed at matmul round 3 from: \"ambiguous\" #2",
                  {"retired at matmul round 7: confidence 0.18 < 0.25 after 4 trials", "true",
                   "- dash", "  spaced  "}};
  r.rationale = "yes";  // would read back as a bool if written plain
  t.rules[0].id = "null";
  t.evolution.min_gain = 0.02;
  RuleTable u = parse_rule_table(dump_rule_table(t), "dumped.yaml");
  check_fields_equal(t, u);
  CHECK(u.find("uncoalesced")->confidence == 0.1 + 0.2);
}

TEST_CASE("content hash follows content") {
  RuleTable t = load_rule_table(source_path("rules/rules.yaml"));
  const std::string h = t.content_hash();
  CHECK(h.size() == 64);
  t.file = "elsewhere.yaml";  // where it came from is not content
  CHECK(t.content_hash() == h);
  t.evolution.patience += 1;
  CHECK(t.content_hash() != h);
  t.evolution.patience -= 1;
  t.rules[3].priority += 1;
  CHECK(t.content_hash() != h);
}

TEST_CASE("RuleStatus strings") {
  for (auto s :
       {RuleStatus::Active, RuleStatus::Probation, RuleStatus::Promoted, RuleStatus::Retired})
    CHECK(rule_status_from_string(to_string(s)) == s);
  CHECK_FALSE(rule_status_from_string("Active"));
}
