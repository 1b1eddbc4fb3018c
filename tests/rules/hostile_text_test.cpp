// Red team "hin", as classes over every YAML loader and every name: a file saved with CR line
// endings is refused at the first CR (yaml-cpp read the whole file as one line: "must be a map"
// or "illegal map value" with no hint of the cause), and a name may not hold an invisible or
// text-direction character (a rule id and its copy with a zero-width space passed the
// duplicate check; a right-to-left override made an id print as another).
#include <doctest/doctest.h>

#include <string>

#include "rules/chips.h"
#include "rules/names.h"
#include "rules/rule_table.h"
#include "tests/rules/rule_test_util.h"

using namespace solver::rules;
using solver::rules::test::diagnostics_of;
using solver::rules::test::has_diag;
using solver::rules::test::joined;

namespace {

const std::string kRule =
    "  - id: r\n    when: weight < 0.1\n    hypothesis: fuse_kernels\n    priority: 10\n"
    "    rationale: why\n";

std::string with_id(const std::string& id, const std::string& id2) {
  std::string r2 = kRule;
  r2.replace(r2.find("id: r"), 5, "id: " + id2);
  std::string r1 = kRule;
  r1.replace(r1.find("id: r"), 5, "id: " + id);
  return "version: 1\nrules:\n" + r1 + r2;
}

}  // namespace

TEST_CASE("CR line endings are refused at the first CR, in every YAML loader") {
  std::string lf = "# the default table\nversion: 1\nrules:\n" + kRule;
  CHECK(diagnostics_of([&] { parse_rule_table(lf, "t.yaml"); }).empty());
  std::string cr = lf;
  for (auto& c : cr)
    if (c == '\n') c = '\r';
  auto d = diagnostics_of([&] { parse_rule_table(cr, "t.yaml"); });
  INFO(joined(d));
  CHECK(has_diag(d, "t.yaml:1:20", "carriage return without a line feed"));
  // CR LF stays accepted.
  std::string crlf;
  for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  CHECK(diagnostics_of([&] { parse_rule_table(crlf, "t.yaml"); }).empty());
  // The same check guards chips.yaml (one text check for every loader).
  d = diagnostics_of([&] { parse_chip_table("chips:\r  - id: x\r", "c.yaml"); });
  CHECK(has_diag(d, "c.yaml:1:7", "carriage return"));
}

TEST_CASE("names may not hold invisible or text-direction characters") {
  CHECK_FALSE(name_problem("règle_é_✓"));
  for (const char* bad : {"a\u200Bb", "a\u200Db", "a\u200Fb", "a\u202Eb", "a\u2066b", "a\uFEFFb",
                          "a\u00ADb", "a\u061Cb"}) {
    INFO(printable(bad));
    REQUIRE(name_problem(bad));
    CHECK(name_problem(bad)->find("invisible or text-direction") != std::string::npos);
  }
  CHECK(printable("a\u200Bb") == "a<U+200B>b");
  // Two rules whose ids print the same: the copy with U+200B is refused at its id.
  auto d = diagnostics_of([&] { parse_rule_table(with_id("fuse", "\"fuse\\u200B\""), "t.yaml"); });
  INFO(joined(d));
  CHECK(has_diag(d, "t.yaml:8:9", "U+200B"));
  // A right-to-left override in an id, written raw.
  d = diagnostics_of([&] { parse_rule_table(with_id("a\u202Eb", "c"), "t.yaml"); });
  CHECK(has_diag(d, "t.yaml:3:9", "U+202E"));
}
