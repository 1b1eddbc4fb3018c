// Host simulation of the keep decision on real paired-timing noise (issue 28, P6d's cost;
// docs/reliability.md). The noise is every live paired timing in docs/results (8+ pairs),
// collected by scripts/pair_noise.py into tests/data/pair_noise/h200_pair_residuals.json as
// ln(ratio) - median ln(ratio) per series. A trial takes one series (the trials cycle through
// all of them, so every recorded kernel's noise level counts alike), resamples its residuals
// with replacement pair by pair, puts the true speed-up on top, draws pairs until the plan
// stops (stop_after, as the worker does), decides them (decide, as the loop does) and, where
// that says faster, draws as many law pairs from the same series at the law's speed-up and
// decides those (decide_on_law). Since P10t (tail35) the kept ones also meet the round's total
// (engine/loop/total_time.h): the gate's and the deferred gate's kGateSamples runs and the
// top-up are the candidate's times drawn from the same series' residuals (all of a pair's noise
// on the candidate: conservative for one arm), judged with every pair and law pair
// (judge_total, as round_loop.cpp step 7c); these draws use a generator of their own, so the
// other rates are unchanged.
#pragma once
#include <cstdint>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/backend/law_verdict.h"
#include "engine/backend/paired_verdict.h"
#include "engine/backend/sequence_plan.h"
#include "engine/backend/tail_charge.h"
#include "engine/loop/total_time.h"

namespace lawp {

using solver::engine::PairPlan;
using solver::engine::PairSamples;
using solver::engine::Verdict;

inline std::vector<std::vector<double>> recorded_residuals() {
  std::ifstream in(std::string(SOLVER_SOURCE_DIR) +
                   "/tests/data/pair_noise/h200_pair_residuals.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  std::vector<std::vector<double>> out;
  for (const auto& s : j.at("series")) out.push_back(s.at("residuals").get<std::vector<double>>());
  return out;
}

struct Rates {
  int trials = 0;
  double keep_timed = 0;     // P(faster) on the timed pairs alone: the rule before P6d
  std::vector<double> keep;  // P(faster) after the law pairs, one a law rule
  double pairs = 0;          // timed pairs a trial, mean (the law pairs are as many)
  double keep_total = 0;     // kept by law_keeps and cheaper in total over the round (P10t)
};

using LawRule = std::function<bool(const solver::engine::PairedDecision& timed,
                                   const PairSamples& pairs, const PairPlan& plan)>;
inline bool law_keeps(const solver::engine::PairedDecision& timed, const PairSamples& pairs,
                      const PairPlan& plan) {
  return solver::engine::decide_on_law(timed, pairs, plan).verdict == Verdict::Faster;
}
// The rule red18 built (P6d as of 2026-12-04): the law pairs decided like the timed ones,
// min gain included.
inline bool law_keeps_min_gain(const solver::engine::PairedDecision&, const PairSamples& pairs,
                               const PairPlan& plan) {
  return solver::engine::decide(solver::engine::law_samples(pairs), plan.min_gain,
                                solver::engine::kAlpha)
             .verdict == Verdict::Faster;
}

// `speedup` on the timed pairs, `law_speedup` on the law pairs (an honest kernel whose gain
// does not follow its data: the same). Each rule sees the same draws.
inline Rates simulate(const std::vector<std::vector<double>>& noise, const PairPlan& plan,
                      double speedup, double law_speedup, int trials, uint64_t seed,
                      const std::vector<LawRule>& rules = {law_keeps}) {
  std::mt19937_64 rng(seed);
  std::mt19937_64 total_rng(seed ^ 0x9e3779b97f4a7c15ULL);
  Rates r;
  r.trials = trials;
  r.keep.assign(rules.size(), 0.0);
  auto draw = [&](const std::vector<double>& res, double s, PairSamples& into, bool law) {
    std::uniform_int_distribution<size_t> pick(0, res.size() - 1);
    const double ratio = s * std::exp(res[pick(rng)]);
    (law ? into.law_incumbent_us : into.incumbent_us).push_back(100.0);
    (law ? into.law_candidate_us : into.candidate_us).push_back(100.0 / ratio);
  };
  for (int t = 0; t < trials; ++t) {
    const std::vector<double>& res = noise[size_t(t) % noise.size()];
    PairSamples s;
    do {
      draw(res, speedup, s, false);
    } while (!solver::engine::stop_after(s.incumbent_us, s.candidate_us, plan));
    const auto timed = solver::engine::decide(s, plan);
    r.pairs += double(s.incumbent_us.size()) / trials;
    if (timed.verdict != Verdict::Faster) continue;
    r.keep_timed += 1.0 / trials;
    for (size_t i = 0; i < s.incumbent_us.size(); ++i) draw(res, law_speedup, s, true);
    s.law_audited = solver::engine::kLawPairAudits;  // a worker that audited them (P6e)
    for (size_t k = 0; k < rules.size(); ++k)
      if (rules[k](timed, s, plan)) r.keep[k] += 1.0 / trials;
    if (!law_keeps(timed, s, plan)) continue;
    auto own = [&](int n) {
      std::uniform_int_distribution<size_t> pick(0, res.size() - 1);
      std::vector<double> v;
      for (int i = 0; i < n; ++i) v.push_back(100.0 / (speedup * std::exp(res[pick(total_rng)])));
      return v;
    };
    const std::vector<double> gate = own(solver::engine::kGateSamples);
    const std::vector<double> deferred = own(solver::engine::kGateSamples);
    const auto tv = solver::engine::judge_total(
        gate, deferred, s, false, [&](bool incumbent, int n, std::string&) {
          return incumbent ? std::vector<double>(size_t(n), 100.0) : own(n);  // steady incumbent
        });
    if (tv.cheaper) r.keep_total += 1.0 / trials;
  }
  return r;
}

}  // namespace lawp
