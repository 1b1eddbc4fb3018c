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

TEST_CASE("every excursion is charged; only the part the incumbent's own stall covers is not") {
  // An honest 2.74x candidate on 75 runs (pairs, law pairs, the gate's two series, a top-up).
  std::vector<std::vector<double>> cand = {steady(36.5, 6), steady(36.5, 16, 1),
                                           steady(36.5, 16, 2), steady(36.5, 6, 3),
                                           steady(36.5, 31, 4)};
  const std::vector<std::vector<double>> inc = {steady(100, 16), steady(100, 16, 2)};
  CHECK(tail_verdict(cand, inc, 36.5, 100, false).cheaper);
  // Red team 36's redteam36_forgiven_stall: one run 150 x slow in 75. Before tail37 it was
  // forgiven whatever its size; now it is charged at U(1, 75) against a steady incumbent.
  cand[1][7] *= 150;
  const TailVerdict once = tail_verdict(cand, inc, 36.5, 100, false);
  CHECK(once.candidate.excursions == 1);
  CHECK(once.candidate.rate == doctest::Approx(share_upper_bound(1, 75)));
  CHECK(once.candidate.forgiven == 0);
  CHECK_FALSE(once.cheaper);
  CHECK(once.reason.find("not cheaper in total") != std::string::npos);
  // Red team 34's 48 x, once: charged as well (0.062 x 47 ~ 2.9: dearer than 2.74 x faster).
  cand[1][7] /= 150;
  cand[1][7] *= 48;
  CHECK_FALSE(tail_verdict(cand, inc, 36.5, 100, false).cheaper);
  // A 1.5 x run once: charged ~3%, far below the gain.
  cand[1][7] /= 48;
  cand[1][7] *= 1.5;
  CHECK(tail_verdict(cand, inc, 36.5, 100, false).cheaper);
  // A stall in the incumbent's arm is forgiven there: no gain from it.
  std::vector<std::vector<double>> same = {steady(100, 16, 1), steady(100, 16, 3)};
  std::vector<std::vector<double>> stalled = inc;
  stalled[0][3] *= 20;
  CHECK(tail_verdict(same, stalled, 100, 100, false).expected_ratio ==
        doctest::Approx(tail_verdict(same, inc, 100, 100, false).expected_ratio).epsilon(1e-3));
  // An honest 3% gain with a one-off 20 x stall in its own runs: charged where the incumbent
  // showed none (the cost of never forgiving an observed total) ...
  std::vector<std::vector<double>> honest = {steady(97, 6), steady(97, 16, 1), steady(97, 16, 2),
                                             steady(97, 6, 3), steady(97, 31, 4)};
  honest[2][5] *= 20;
  CHECK_FALSE(tail_verdict(honest, inc, 97, 100, false).cheaper);
  // ... forgiven where the incumbent met a stall as long (in time): the same stall in both arms.
  const TailVerdict both = tail_verdict(honest, stalled, 97, 100, false);
  CHECK(both.cheaper);
  CHECK(both.candidate.forgiven > 18);
  // A stall in the incumbent does not excuse a larger one in the candidate: only its length.
  honest[2][5] *= 3;
  CHECK_FALSE(tail_verdict(honest, stalled, 97, 100, false).cheaper);
}

TEST_CASE("the shares' difference: Newcombe's interval from Wilson's limits") {
  // Wilson at z = 1.645: 0 of 75 -> upper 0.0348; 30 of 75 -> (0.309, 0.497).
  CHECK(wilson_limits(0, 75).second == doctest::Approx(0.0348).epsilon(0.01));
  CHECK(wilson_limits(30, 75).first == doctest::Approx(0.309).epsilon(0.01));
  CHECK(wilson_limits(30, 75).second == doctest::Approx(0.497).epsilon(0.01));
  // Equal shares: the bound is the two margins in quadrature, above 0 and below either sum.
  const double d = share_difference_upper(30, 75, 30, 75);
  CHECK(d > 0.09);
  CHECK(d < 0.2);
  CHECK(share_difference_upper(40, 75, 30, 75) > d);
  CHECK(share_difference_upper(30, 150, 60, 300) < d);  // more runs, a narrower bound
}

namespace {
// A bimodal shape (audit 36's layernorm naive on the H200: a share of runs ~1.3 x the rest), the
// same in both arms, in a fixed pattern so the shares are exactly `slow` of `n`.
std::vector<double> bimodal(double level, int n, int slow, double s = 1.3) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i)
    v.push_back(level * (1 + 0.002 * (i % 5)) * (i * slow % n < slow ? s : 1));
  return v;
}
}  // namespace

TEST_CASE("against a tailed incumbent: the candidate pays only what its tail adds") {
  // Both arms bimodal alike, 40% of runs 1.3 x, the candidate 3% faster in every run.
  const std::vector<std::vector<double>> cand = {bimodal(97.09, 75, 30), bimodal(97.09, 75, 30)};
  std::vector<std::vector<double>> inc = {bimodal(100, 15, 6), bimodal(100, 15, 6)};
  CHECK(incumbent_tailed(inc));
  // On the incumbent's 30 pair runs the steady rule charges the candidate its share's upper
  // bound and the incumbent its point estimate less one: the true 3% gain refused.
  CHECK_FALSE(tail_verdict({cand[0]}, inc, 97.09, 100, false).cheaper);  // its first 75 runs
  // Topped up to 150 runs like the candidate, the difference rule: kept.
  inc.push_back(bimodal(100, 120, 48));
  const TailVerdict t = tail_verdict(cand, inc, 97.09, 100, false);
  CHECK(t.incumbent.difference);
  CHECK(t.candidate.difference);
  CHECK(t.candidate.big == 0);
  CHECK(t.candidate.rate > 0.4);  // the incumbent's share plus the difference's bound
  CHECK(t.cheaper);
  // A 48 x tail cannot hide behind a 1.3 x one: twice in 150 runs, charged as against a steady
  // incumbent, and refused.
  std::vector<std::vector<double>> cheat = {bimodal(36.5, 75, 30), bimodal(36.5, 75, 30)};
  cheat[0][3] *= 48;
  cheat[1][5] *= 48;
  const TailVerdict c = tail_verdict(cheat, inc, 36.5, 100, false);
  CHECK(c.candidate.big == 2);
  CHECK_FALSE(c.cheaper);
  // More like-sized excursions than the incumbent's (48% of runs 1.3 x against 40%, 2% faster
  // in the bulk: dearer in total), refused.
  const std::vector<std::vector<double>> heavier = {bimodal(98.04, 75, 36), bimodal(98.04, 75, 36)};
  CHECK_FALSE(tail_verdict(heavier, inc, 98.04, 100, false).cheaper);
}

TEST_CASE("step 7c tops the incumbent up only where its runs show a tail") {
  PairSamples pairs;
  pairs.candidate_us = steady(90, 16);
  pairs.law_candidate_us = steady(90, 16, 1);
  pairs.incumbent_us = steady(100, 16);
  pairs.law_incumbent_us = steady(100, 16, 2);
  int cand_runs = 0, inc_runs = 0;
  const TopUp top = [&](bool incumbent, int n, std::string&) {
    (incumbent ? inc_runs : cand_runs) += n;
    return incumbent ? bimodal(100, n, n * 2 / 5) : steady(90, n, 3);
  };
  TotalJudgement j = judge_total(steady(90, 6), steady(90, 6, 4), pairs, false, top);
  CHECK(j.cheaper);
  CHECK(cand_runs == 75 - 44);
  CHECK(inc_runs == 0);  // a steady incumbent: nothing more of it
  pairs.incumbent_us = bimodal(100, 16, 6);
  pairs.law_incumbent_us = bimodal(100, 16, 6);
  cand_runs = 0;
  j = judge_total(steady(90, 6), steady(90, 6, 4), pairs, false, top);
  CHECK(inc_runs == kTailedRuns - 32);
  CHECK(cand_runs == kTailedRuns - 44);  // to 75, then to as many as the incumbent's
  CHECK(j.verdict.incumbent.difference);
  CHECK(j.cheaper);
  // A stall in the candidate's runs beyond any the incumbent showed: the incumbent is timed as
  // often (to 75 runs) before the judgement, and a stall as long there forgives it.
  pairs.incumbent_us = steady(100, 16);
  pairs.law_incumbent_us = steady(100, 16, 2);
  std::vector<double> stalled_gate = steady(90, 6);
  stalled_gate[2] *= 20;
  inc_runs = 0;
  bool inc_stalls = false;
  const TopUp stall_top = [&](bool incumbent, int n, std::string&) {
    (incumbent ? inc_runs : cand_runs) += n;
    std::vector<double> v = steady(incumbent ? 100 : 90, n, 3);
    if (incumbent && inc_stalls) v[1] *= 20;
    return v;
  };
  j = judge_total(stalled_gate, steady(90, 6, 4), pairs, false, stall_top);
  CHECK(inc_runs == 75 - 32);
  CHECK_FALSE(j.cheaper);  // the incumbent met no stall: the candidate's is charged
  inc_runs = 0;
  inc_stalls = true;
  j = judge_total(stalled_gate, steady(90, 6, 4), pairs, false, stall_top);
  CHECK(inc_runs == 75 - 32);
  CHECK(j.cheaper);  // the same stall in both arms
  CHECK(j.verdict.candidate.forgiven > 18);
  pairs.incumbent_us = bimodal(100, 16, 6);
  pairs.law_incumbent_us = bimodal(100, 16, 6);
  // The incumbent's top-up not coming back: judged by the steady rule, and said so if refused.
  inc_runs = 0;
  j = judge_total(steady(90, 6), steady(90, 6, 4), pairs, false,
                  [&](bool incumbent, int n, std::string& why) {
                    if (incumbent) {
                      why = "timed out";
                      return std::vector<double>{};
                    }
                    return steady(90, n, 3);
                  });
  CHECK_FALSE(j.verdict.incumbent.difference);
  CHECK(j.incumbent_note.find("timed out") != std::string::npos);
  // The candidate's top-up not coming back: refused, not judged.
  j = judge_total(steady(90, 6), steady(90, 6, 4), pairs, false, [&](bool, int, std::string& why) {
    why = "fault";
    return std::vector<double>{};
  });
  CHECK_FALSE(j.judged);
  CHECK_FALSE(j.cheaper);
  CHECK(j.why.find("did not come back (fault)") != std::string::npos);
  // One run short: three are asked for (a series of fewer has no unit), and the refusal names the
  // three (review39: it named the one).
  j = judge_total(steady(90, 36), steady(90, 6, 4), pairs, false, [&](bool, int, std::string& why) {
    why = "fault";
    return std::vector<double>{};
  });
  CHECK(j.candidate_topup == 3);
  CHECK(j.why.find("the 3 more timed runs did not come back") != std::string::npos);
}

TEST_CASE("the stated bound (1 - p)^N + beta holds at the break-even tail (Monte Carlo)") {
  // Fast F = 0.5 of the incumbent on 1 - p, slow on p, the slow time set so that the expected
  // time equals the incumbent's exactly: the hardest candidate the property covers.
  std::mt19937_64 rng(35);
  std::uniform_real_distribution<double> u(0, 1);
  std::normal_distribution<double> g(0, 0.01);
  for (double p : {1.0 / 48, 1.0 / 16, 1.0 / 8, 0.25}) {  // 1/48: red team 36's share
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
      bool consistent = median(pairs.law_candidate_us) < median(pairs.law_incumbent_us);
      for (const auto* s : {&gate, &deferred})
        consistent = consistent && timing_consistency(*s, pairs.candidate_us).consistent;
      if (!consistent) continue;
      kept += judge_total(gate, deferred, pairs, false, [&](bool incumbent, int n, std::string&) {
                return series(n, !incumbent);
              }).cheaper;
    }
    CAPTURE(p);
    const double bound = std::pow(1 - p, 75) + kTailBeta;
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
    const TailVerdict t = tail_verdict(cs, {pairs.incumbent_us}, tail_unit(pairs.candidate_us),
                                       tail_unit(pairs.incumbent_us), false);
    CHECK(t.candidate.excursions == 2);  // seen twice in 21 runs, before any top-up
    CHECK_FALSE(t.cheaper);
    CHECK(t.expected_ratio < 1);
  }
}
