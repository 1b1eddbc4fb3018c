// rules::Outcome: a value or the reason, and which of the two it holds.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "rules/outcome.h"

using solver::rules::Failure;
using solver::rules::Outcome;
using solver::rules::why;

namespace {
Outcome<int> half(int x) {
  if (x % 2) return Failure{std::to_string(x) + " is odd"};
  return x / 2;
}
Outcome<> even(int x) {
  if (x % 2) return Failure{"odd"};
  return {};
}
struct Refusal {
  int code = 0;
  std::string text;
};
}  // namespace

TEST_CASE("an Outcome holds the value or the reason, never both") {
  auto ok = half(8);
  REQUIRE(ok);
  CHECK(ok.ok());
  CHECK(*ok == 4);
  CHECK(why(ok).empty());
  auto bad = half(7);
  CHECK_FALSE(bad);
  CHECK(bad.error().why == "7 is odd");
  CHECK(why(bad) == "7 is odd");
  CHECK_THROWS(bad.value());  // asking a failure for its value is a caller's bug
}

TEST_CASE("Outcome<> is success or a reason") {
  CHECK(even(2));
  CHECK(why(even(2)).empty());
  CHECK_FALSE(even(3));
  CHECK(why(even(3)) == "odd");
}

TEST_CASE("a value that can fail, a move-only value and an error type of its own") {
  // A string value is not confused with the reason.
  Outcome<std::string> text = std::string("hello");
  REQUIRE(text);
  CHECK(text->size() == 5);
  Outcome<std::string> refused = Failure{"no"};
  CHECK_FALSE(refused);
  // A move-only value moves out.
  Outcome<std::unique_ptr<int>> owned = std::make_unique<int>(3);
  std::unique_ptr<int> taken = std::move(owned).value();
  CHECK(*taken == 3);
  // The error carries more than a sentence where the step needs it (a status for the ledger).
  Outcome<std::vector<double>, Refusal> timed = Refusal{7, "input mutated"};
  CHECK_FALSE(timed);
  CHECK(timed.error().code == 7);
  timed = std::vector<double>{1.5, 2.5};
  REQUIRE(timed);
  CHECK(timed->size() == 2);
}
