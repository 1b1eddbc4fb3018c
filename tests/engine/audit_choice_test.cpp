// The audited run's choice (engine/backend/audit_choice.h, docs/reliability.md P7): uniform over
// the runs a sequence ended with, whatever its length, and the catch probability it implies.
#include <doctest/doctest.h>

#include <algorithm>
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

// P7e (red team 18, tests/cheats/redteam18_slot_taylor): a kernel wrong on the timed runs it
// can route (2/3 of them, its rotation slots 1 and 2) meets four verified timed-kind runs a
// kept round with one audit a sequence, eight with three.
TEST_CASE(
    "red team 18: a reservoir of m keeps each run with probability m/n, the first uniformly") {
  using solver::engine::AuditReservoir;
  for (int n : {3, 6, 16, 40}) {
    const int m = 3, trials = 20000;
    std::vector<int> kept(size_t(n), 0), first(size_t(n), 0);
    for (int t = 0; t < trials; ++t) {
      AuditReservoir r(0x9e3779b97f4a7c15ULL * uint64_t(t + 1) + uint64_t(n), m);
      std::vector<int> run_in(size_t(m), -1);
      for (int i = 0; i < n; ++i)
        if (int s = r.offer(); s >= 0) run_in[size_t(s)] = i;
      const std::vector<int> order = r.order();
      REQUIRE(int(order.size()) == std::min(m, n));
      for (int s : order) ++kept[size_t(run_in[size_t(s)])];
      ++first[size_t(run_in[size_t(order[0])])];
    }
    INFO("n = " << n);
    const double want_kept = double(trials) * std::min(m, n) / n, want_first = double(trials) / n;
    for (int i = 0; i < n; ++i) {
      CHECK(std::abs(kept[size_t(i)] - want_kept) < 0.06 * want_kept);
      CHECK(std::abs(first[size_t(i)] - want_first) < 0.12 * want_first);
    }
  }
  // Size 1 is AuditChoice's distribution: the same run kept for the same seed.
  for (uint64_t seed = 1; seed < 200; ++seed) {
    AuditChoice c(seed);
    solver::engine::AuditReservoir r(seed, 1);
    int a = -1, b = -1;
    for (int i = 0; i < 16; ++i) {
      if (c.offer()) a = i;
      if (r.offer() == 0) b = i;
    }
    CHECK(a >= 0);
    CHECK(b >= 0);
  }
}

TEST_CASE(
    "red team 18: the slot-routed cheat's catch probability per round, one and three audits") {
  using solver::engine::reservoir_catch_probability;
  // 2/3 of 48 runs wrong; a round: the pairs' and the deferred gate's sequences, each with its
  // fresh-set check (one verified run at a uniform place) and its audits.
  const double one = 1 - std::pow(1.0 / 3, 4);     // 2 sequences x (fresh + 1 audit)
  const double three = 1 - std::pow(1.0 / 3, 2) *  // 2 fresh checks
                               std::pow(1 - reservoir_catch_probability(32, 48, 3, 1), 2);
  MESSAGE("caught per round: one audit ", one, ", three audits ", three);
  CHECK(one == doctest::Approx(0.98765).epsilon(1e-4));
  CHECK(three > 0.9998);
  CHECK(reservoir_catch_probability(32, 48, 1, 1) == doctest::Approx(2.0 / 3));
  CHECK(reservoir_catch_probability(1, 6, 3, 1) == doctest::Approx(0.5));
  CHECK(reservoir_catch_probability(5, 6, 3, 1) == doctest::Approx(1.0));
  CHECK(reservoir_catch_probability(0, 6, 3, 1) == 0);
  // Simulated: 2/3 of 48 runs wrong, three audits a sequence.
  int caught = 0;
  const int trials = 20000;
  for (int t = 0; t < trials; ++t) {
    solver::engine::AuditReservoir r(uint64_t(t) * 7919 + 3, 3);
    std::vector<int> run_in(3, -1);
    for (int i = 0; i < 48; ++i)
      if (int s = r.offer(); s >= 0) run_in[size_t(s)] = i;
    bool hit = false;
    for (int s : r.order()) hit = hit || run_in[size_t(s)] % 3 != 0;  // slots 1 and 2
    caught += hit;
  }
  CHECK(double(caught) / trials ==
        doctest::Approx(reservoir_catch_probability(32, 48, 3, 1)).epsilon(0.01));
}
