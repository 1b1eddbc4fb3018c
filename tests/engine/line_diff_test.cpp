// The report's rule-table diff (issue 27 item 7): exact on small tables, linear on large ones,
// and always a valid edit script (the kept and removed lines give the old text, the kept and
// added lines the new one).
#include <doctest/doctest.h>

#include <ctime>
#include <string>
#include <vector>

#include "engine/report/line_diff.h"

using solver::engine::line_diff;

namespace {

// The two texts a diff describes.
std::pair<std::string, std::string> sides(const std::vector<std::string>& d) {
  std::string a, b;
  for (const auto& l : d) {
    if (l[0] != '+') a += l.substr(2) + "\n";
    if (l[0] != '-') b += l.substr(2) + "\n";
  }
  return {a, b};
}

int changed(const std::vector<std::string>& d) {
  int n = 0;
  for (const auto& l : d) n += l[0] != ' ';
  return n;
}

std::string table(int n, int edited_every) {
  std::string s = "version: 1\nrules:\n";
  for (int i = 0; i < n; ++i) {
    s += "  - id: r" + std::to_string(i) + "\n    when: weight > 0.5\n    priority: 10\n";
    s += "    confidence: " + std::string(edited_every && i % edited_every == 0 ? "0.65" : "0.5") +
         "\n    rationale: same words in every rule\n";
  }
  return s;
}

}  // namespace

TEST_CASE("small inputs: the exact longest common subsequence") {
  auto d = line_diff("a\nb\nc\nd\n", "a\nc\nx\nd\n");
  std::vector<std::string> want{"  a", "- b", "  c", "+ x", "  d"};
  CHECK(d == want);
  CHECK(line_diff("", "").empty());
  CHECK(line_diff("a\n", "") == std::vector<std::string>{"- a"});
}

TEST_CASE("a 20,000-rule table: fast, valid, and only the edited lines change") {
  const std::string a = table(20000, 0), b = table(20000, 1000);  // 20 confidences edited
  const std::clock_t t0 = std::clock();                           // CPU time: the CI box is shared
  auto d = line_diff(a, b);
  const double s = double(std::clock() - t0) / CLOCKS_PER_SEC;
  CHECK(s < 10.0);  // ~0.1 s; the exact table would be 10^10 cells
  auto [x, y] = sides(d);
  CHECK(x == a);
  CHECK(y == b);
  CHECK(changed(d) == 40);  // 20 lines out, 20 in
  // A rule removed and one added: still exact around them.
  std::string c = table(20000, 0);
  c.replace(c.find("  - id: r5\n"), 0, "  - id: new\n    when: weight > 0.9\n");
  auto d2 = line_diff(a, c);
  auto [x2, y2] = sides(d2);
  CHECK(x2 == a);
  CHECK(y2 == c);
  CHECK(changed(d2) == 2);
}
