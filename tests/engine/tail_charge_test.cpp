// P10t (issue 28, tail35): kept means cheaper in total over every run timed in the round
// (engine/backend/tail_charge.h, engine/loop/total_time.h). Red team 34's candidate
// (tests/cheats/redteam34_median_fast_tail) is fast on 15 runs in 16 and 48 x slow on the rest.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "engine/backend/paired_verdict.h"
#include "engine/backend/sequence_plan.h"
#include "engine/backend/tail_charge.h"
#include "engine/loop/measurement.h"
#include "engine/loop/total_time.h"

using namespace solver::engine;

namespace {
std::vector<double> steady(double level, int n, int salt = 0) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(level * (1 + 0.002 * ((i + salt) % 5)));
  return v;
}
}  // namespace

TEST_CASE("the bound's N: a tail of share 1/16 is seen twice in 75 runs with probability >= 95%") {
  CHECK(tail_runs_needed() == 75);
  CHECK(tail_unseen_probability(75, kTailPMin) <= kTailAlpha);
  CHECK(tail_unseen_probability(74, kTailPMin) > kTailAlpha);
  // P(Bin(n, p) <= 1) by hand at a small n.
  CHECK(tail_unseen_probability(3, 0.5) == doctest::Approx(0.5));
  // Clopper-Pearson: nothing seen in n runs bounds the share by 1 - beta^(1/n).
  CHECK(share_upper_bound(0, 20) == doctest::Approx(1 - std::pow(kTailBeta, 1.0 / 20)));
  CHECK(share_upper_bound(2, 75) > 2.0 / 75);
}

TEST_CASE("red team 34's shape: two slow runs are charged; one is forgiven, in either arm") {
  // An honest 2.74x candidate on 75 runs (pairs, law pairs, the gate's two series, a top-up).
  std::vector<std::vector<double>> cand = {steady(36.5, 6), steady(36.5, 16, 1),
                                           steady(36.5, 16, 2), steady(36.5, 6, 3),
                                           steady(36.5, 31, 4)};
  const std::vector<std::vector<double>> inc = {steady(100, 16), steady(100, 16, 2)};
  CHECK(tail_verdict(cand, inc, 36.5, 100, false).cheaper);
  cand[1][7] *= 48;  // one slow run: forgiven (the one-off stall a preemption makes)
  const TailVerdict once = tail_verdict(cand, inc, 36.5, 100, false);
  CHECK(once.cheaper);
  CHECK(once.candidate.excursions == 1);
  CHECK(once.candidate.rate == 0);
  cand[4][20] *= 48;  // a second one: the tail is charged at its share's upper bound
  const TailVerdict twice = tail_verdict(cand, inc, 36.5, 100, false);
  CHECK_FALSE(twice.cheaper);
  CHECK(twice.candidate.rate >= 2.0 / 75);
  CHECK(twice.reason.find("not cheaper in total") != std::string::npos);
  // A stall in the incumbent's arm is forgiven the same way: no gain from it.
  std::vector<std::vector<double>> same = {steady(100, 16, 1), steady(100, 16, 3)};
  std::vector<std::vector<double>> stalled = inc;
  stalled[0][3] *= 20;
  CHECK(tail_verdict(same, stalled, 100, 100, false).expected_ratio ==
        doctest::Approx(tail_verdict(same, inc, 100, 100, false).expected_ratio).epsilon(1e-3));
  // An honest 3% gain with a one-off 20 x stall in its own pairs: still cheaper.
  std::vector<std::vector<double>> honest = {steady(97, 6), steady(97, 16, 1), steady(97, 16, 2),
                                             steady(97, 6, 3), steady(97, 31, 4)};
  honest[2][5] *= 20;
  CHECK(tail_verdict(honest, inc, 97, 100, false).cheaper);
}

TEST_CASE("the stated bound holds at the break-even tail (Monte Carlo, 4000 rounds)") {
  // Fast F = 0.5 of the incumbent on 1 - p, slow on p, the slow time set so that the expected
  // time equals the incumbent's exactly: the hardest candidate the property covers.
  std::mt19937_64 rng(35);
  std::uniform_real_distribution<double> u(0, 1);
  std::normal_distribution<double> g(0, 0.01);
  for (double p : {1.0 / 16, 1.0 / 8, 0.25}) {
    const double f = 0.5, slow = f + (1 - f) / p;
    int kept = 0;
    const int rounds = 4000;
    for (int t = 0; t < rounds; ++t) {
      auto series = [&](int n, bool cand) {
        std::vector<double> v;
        for (int i = 0; i < n; ++i)
          v.push_back(100 * std::exp(g(rng)) * (cand ? (u(rng) < p ? slow : f) : 1.0));
        return v;
      };
      PairSamples pairs;
      pairs.incumbent_us = series(16, false);
      pairs.candidate_us = series(16, true);
      pairs.law_incumbent_us = series(16, false);
      pairs.law_candidate_us = series(16, true);
      // As the loop: every series of the candidate's own times agrees with the paired median
      // (timing_consistency: the gate's, the deferred gate's, the top-up), and the law pairs'
      // median ratio is above 1 (decide_on_law).
      const auto gate = series(kGateSamples, true), deferred = series(kGateSamples, true);
      auto cs = candidate_series(gate, deferred, pairs);
      if (int more = runs_short(cs); more > 0) cs.push_back(series(std::max(3, more), true));
      bool consistent = median(pairs.law_candidate_us) < median(pairs.law_incumbent_us);
      for (size_t k = 0; k < cs.size(); ++k)
        consistent = consistent && timing_consistency(cs[k], pairs.candidate_us).consistent;
      if (!consistent) continue;
      kept += tail_verdict(cs, {pairs.incumbent_us, pairs.law_incumbent_us},
                           median(pairs.candidate_us), median(pairs.incumbent_us), false)
                  .cheaper;
    }
    CAPTURE(p);
    const double bound = tail_unseen_probability(75, p) + kTailBeta;
    const double rate = double(kept) / rounds;
    CHECK(rate <= bound + 4 * std::sqrt(bound * (1 - bound) / rounds));
  }
}

TEST_CASE("the round's runs: every candidate series counts, and the top-up fills the bound") {
  PairSamples pairs;
  pairs.candidate_us = steady(50, 16);
  pairs.law_candidate_us = steady(50, 16);
  const auto cs = candidate_series(steady(50, 6), {}, pairs);
  CHECK(cs.size() == 3);
  CHECK(runs_short(cs) == 75 - 38);
  CHECK(runs_short({steady(50, 80)}) == 0);
  CHECK(runs_short({{50, 50}}) == 75);  // a series too short to scale is not counted
}

TEST_CASE("red team 34's live rounds (docs/results/h100-2026-12-07b, H100, h34's main): refused") {
  // The gate's timed runs and the pairs' ratios (incumbent / candidate) of its two recorded
  // rounds; the candidate's pair times as 100 / ratio beside a steady incumbent of 100.
  struct Round {
    std::vector<double> gate, ratios;
  };
  const std::vector<Round> rounds = {{{97.216, 97.12, 96.704, 96.832, 4059.754, 96.672},
                                      {2.602, 2.599, 2.631, 2.606, 2.659, 2.625, 2.618, 2.673,
                                       2.657, 0.062, 2.633, 2.613, 2.653, 2.624, 2.72}},
                                     {{96.928, 96.704, 96.672, 96.224, 96.577, 96.544},
                                      {2.609, 2.602, 2.644, 2.605, 2.63, 2.635, 2.629, 2.59, 2.638,
                                       2.602, 0.064, 2.584, 2.609, 2.623, 0.063}}};
  for (const Round& r : rounds) {
    PairSamples pairs;
    for (double x : r.ratios) {
      pairs.incumbent_us.push_back(100.0);
      pairs.candidate_us.push_back(100.0 / x);
    }
    const auto cs = candidate_series(r.gate, {}, pairs);
    const TailVerdict t = tail_verdict(cs, {pairs.incumbent_us}, median(pairs.candidate_us),
                                       median(pairs.incumbent_us), false);
    CHECK(t.candidate.excursions == 2);  // seen twice in 21 runs, before any top-up
    CHECK_FALSE(t.cheaper);
    CHECK(t.expected_ratio < 1);
  }
}
