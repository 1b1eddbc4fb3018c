// The audited run's choice (engine/backend/audit_choice.h, docs/reliability.md P7): uniform over
// the runs a sequence ended with, whatever its length, and the catch probability it implies.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "engine/backend/audit_choice.h"

using solver::engine::audit_catch_probability;
using solver::engine::AuditChoice;

namespace {
// The index kept after `n` offers.
int kept_after(AuditChoice& c, int n) {
  int kept = -1;
  for (int i = 0; i < n; ++i)
    if (c.offer()) kept = i;
  return kept;
}
}  // namespace

TEST_CASE("the first run is always kept when it is the only one") {
  for (uint64_t seed = 1; seed < 50; ++seed) {
    AuditChoice c(seed);
    CHECK(kept_after(c, 1) == 0);
    CHECK(c.seen() == 1);
  }
}

TEST_CASE("each of n runs is audited with probability 1/n, for every n a sequence can stop at") {
  // 6 = the gate's samples; 8, 16 = a sequential pair rule's looks. Chi-square against uniform
  // over 20,000 sequences per n: the 99.9% quantile for n - 1 <= 15 degrees of freedom is 37.7.
  for (int n : {2, 6, 8, 16}) {
    std::vector<int> count(size_t(n), 0);
    const int trials = 20000;
    for (int t = 0; t < trials; ++t) {
      AuditChoice c(0x9e3779b97f4a7c15ULL * uint64_t(t + 1) + uint64_t(n));
      int k = kept_after(c, n);
      REQUIRE(k >= 0);
      REQUIRE(k < n);
      ++count[size_t(k)];
    }
    double expected = double(trials) / n, chi2 = 0;
    for (int c : count) chi2 += (c - expected) * (c - expected) / expected;
    INFO("n = " << n << ", chi2 = " << chi2);
    CHECK(chi2 < 37.7);
    // The last run is audited as often as the first: a kernel that is honest only early is not
    // safe (a choice made before the runs, or "the first", would fail here).
    CHECK(std::abs(count.back() - expected) < 0.1 * expected);
  }
}

TEST_CASE("a memo served on k of n runs is caught with probability k/n per sequence") {
  const int n = 6, trials = 20000;
  for (int wrong = 1; wrong <= 5; wrong += 2) {
    int caught = 0;
    for (int t = 0; t < trials; ++t) {
      AuditChoice c(uint64_t(t) * 7919 + uint64_t(wrong));
      int k = kept_after(c, n);
      if (k >= n - wrong) ++caught;  // the memo serves the last `wrong` runs (honest first ones)
    }
    double p = double(caught) / trials, want = audit_catch_probability(wrong, n, 1);
    CHECK(want == doctest::Approx(double(wrong) / n));
    CHECK(std::abs(p - want) < 0.02);
  }
}

TEST_CASE("the catch probability over several sequences") {
  CHECK(audit_catch_probability(1, 6, 1) == doctest::Approx(1.0 / 6));
  CHECK(audit_catch_probability(6, 6, 1) == doctest::Approx(1.0));
  CHECK(audit_catch_probability(5, 6, 2) == doctest::Approx(1.0 - 1.0 / 36));
  CHECK(audit_catch_probability(1, 16, 3) == doctest::Approx(1.0 - std::pow(15.0 / 16, 3)));
  CHECK(audit_catch_probability(0, 6, 3) == 0);
  CHECK(audit_catch_probability(9, 6, 1) == doctest::Approx(1.0));  // more than all: all
}
