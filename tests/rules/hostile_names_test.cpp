// Issue 27 items 5 and 8, as classes: names and ids are UTF-8 without control characters and of
// bounded length, YAML text and every scalar in it are checked at load (located), a constant
// part of an expression that never has a value is refused, and the shadowing lint stays
// linear in the rule count.
#include <doctest/doctest.h>

#include <ctime>
#include <string>

#include "rules/names.h"
#include "rules/rule_lint.h"
#include "rules/rule_table.h"
#include "rules/yaml_util.h"
#include "tests/rules/rule_test_util.h"

using namespace solver::rules;
using solver::rules::test::diagnostics_of;
using solver::rules::test::has_diag;
using solver::rules::test::joined;

namespace {

std::string rule_with_id(const std::string& id_text) {
  return "version: 1\nrules:\n  - id: " + id_text +
         "\n    when: weight < 0.1\n    hypothesis: fuse_kernels\n    priority: 10\n"
         "    rationale: why\n";
}

std::vector<std::string> errors(const std::string& yaml) {
  return diagnostics_of([&] { parse_rule_table(yaml, "t.yaml"); });
}

}  // namespace

TEST_CASE("names: UTF-8, no control characters, bounded") {
  CHECK_FALSE(name_problem("fuse_kernels"));
  CHECK_FALSE(name_problem("règle_é_✓"));  // any valid UTF-8 is a name
  CHECK(name_problem(""));
  CHECK(name_problem(std::string("a\0b", 3)));
  CHECK(name_problem("a\tb"));
  CHECK(name_problem("a\x7f"));
  CHECK(name_problem("a\xc2\x85"));         // C1 control (NEL)
  CHECK(name_problem("\xff"));              // never UTF-8
  CHECK(name_problem("\xc3"));              // cut sequence
  CHECK(name_problem("\xc0\xaf"));          // overlong '/'
  CHECK(name_problem("\xed\xa0\x80"));      // a UTF-16 surrogate
  CHECK(name_problem("\xf4\x90\x80\x80"));  // past U+10FFFF
  CHECK_FALSE(name_problem(std::string(kMaxIdBytes, 'a')));
  CHECK(name_problem(std::string(kMaxIdBytes + 1, 'a')));
  CHECK(*first_invalid_utf8("ab\xff") == 2);
  CHECK_FALSE(text_problem("two\nlines\twith tab"));
  CHECK(text_problem(std::string("nul\0", 4)));
  // printable() never passes a refused byte through.
  CHECK(printable("a\xff\x01") == "a\\xFF\\x01");
  CHECK(printable(std::string(200, 'x'), 10).size() == 13);
}

TEST_CASE("a rule id that is not valid UTF-8 is refused at its line and column") {
  auto d = errors(rule_with_id("bad\xff"));
  INFO(joined(d));
  // Raw invalid bytes are refused in the text, before the parser, where they are.
  CHECK(has_diag(d, "t.yaml:3:12", "not valid UTF-8"));
}

TEST_CASE("a NUL or a control character put into an id by an escape is refused, located") {
  auto d = errors(rule_with_id("\"a\\0b\""));
  INFO(joined(d));
  CHECK(has_diag(d, "t.yaml:3:9", "control character"));
  d = errors(rule_with_id("\"a\\x01\""));
  CHECK(has_diag(d, "t.yaml:3:9", "control character"));
  // Anywhere in the file, not only in ids: a rationale with an escaped BEL.
  d = errors(
      "version: 1\nrules:\n  - id: r\n    when: weight < 0.1\n    hypothesis: fuse_kernels\n"
      "    priority: 10\n    rationale: \"ring \\a\"\n");
  CHECK(has_diag(d, "t.yaml:7:16", "control character"));
  // A raw control byte in the text.
  d = errors(rule_with_id("a\x01"));
  CHECK(has_diag(d, "t.yaml:3:10", "control character"));
}

TEST_CASE("an over-long rule id is refused (1 MB and kMaxIdBytes + 1)") {
  auto d = errors(rule_with_id(std::string(1 << 20, 'x')));
  INFO(joined(d).substr(0, 500));
  CHECK(has_diag(d, "t.yaml:3:9", "rule id"));
  CHECK(has_diag(d, "t.yaml:3:9", "at most 128"));
  CHECK(joined(d).size() < 2000);  // the message quotes a bounded prefix, not the megabyte
  CHECK(errors(rule_with_id(std::string(kMaxIdBytes, 'x'))).empty());
  CHECK_FALSE(errors(rule_with_id(std::string(kMaxIdBytes + 1, 'x'))).empty());
}

TEST_CASE("a constant part without a value is refused at check time, located") {
  auto rule = [](const std::string& when) {
    return "version: 1\nrules:\n  - id: r\n    when: " + when +
           "\n    hypothesis: fuse_kernels\n    priority: 10\n    rationale: why\n";
  };
  auto d = errors(rule("1/0 > 0"));
  INFO(joined(d));
  CHECK(has_diag(d, "t.yaml:4:12", "never has a value"));
  d = errors(rule("weight < log2(0)"));
  CHECK(has_diag(d, "t.yaml:4:20", "log2(0)"));
  // Masked by `or`, still a mistake: the inner part is named.
  d = errors(rule("weight < 0.1 or 1e308 * 10 > 1"));
  CHECK(has_diag(d, "t.yaml:4:33", "never has a value"));
  // A part that reads a signal may be missing at run time: that is data, not a mistake.
  CHECK(errors(rule("weight / (kernel_count - kernel_count) > 0")).empty());
  CHECK(errors(rule("weight < 1/4")).empty());
}

TEST_CASE("the shadowing lint finds what the pairwise check finds, in linear time") {
  // Pairwise answers on a table where every kind of pair occurs.
  std::string y = "version: 1\nrules:\n";
  auto add = [&](const std::string& id, const std::string& when, int prio,
                 const std::string& req = "") {
    y += "  - id: " + id + "\n    when: " + when + "\n    hypothesis: fuse_kernels\n" +
         "    priority: " + std::to_string(prio) + "\n    rationale: why\n" +
         (req.empty() ? "" : "    requires: [" + req + "]\n");
  };
  add("wide", "weight > 0.1", 1);
  add("narrow", "weight > 0.5 and waves < 2", 2);  // shadowed by wide
  add("guarded", "dram_frac > 0.2", 3, "tf32");
  add("unguarded", "dram_frac > 0.3", 4);  // not shadowed: guarded needs tf32
  add("other", "waves < 1", 5);
  auto d = errors(y);
  INFO(joined(d));
  REQUIRE(d.size() == 1);
  CHECK(d[0].find("rule 'narrow' can never fire: rule 'wide'") != std::string::npos);

  // Worst case for the index: 20,000 rules on one signal, thresholds falling with priority
  // (every earlier rule is a candidate, none shadows). Pairwise this took minutes.
  std::string big = "version: 1\nrules:\n";
  for (int i = 0; i < 20000; ++i) {
    const int prio = i % 100;
    big += "  - id: s" + std::to_string(i) + "\n    when: weight > " +
           std::to_string(0.99 - 0.005 * prio - 1e-7 * (i / 100)) +
           "\n    hypothesis: fuse_kernels\n    priority: " + std::to_string(prio) +
           "\n    rationale: why\n";
  }
  const std::clock_t t0 = std::clock();  // CPU time: the CI box is shared
  RuleTable t = parse_rule_table(big, "big.yaml");
  const double s = double(std::clock() - t0) / CLOCKS_PER_SEC;
  CHECK(t.rules.size() == 20000);
  CHECK(s < 20.0);  // ~1-2 s on the 2-core box; pairwise was 2e8 comparisons
}
