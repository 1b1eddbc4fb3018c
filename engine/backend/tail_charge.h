// P10t, the total-time property (issue 28; docs/reliability.md "P10t: kept means cheaper in
// total"): a kept candidate is cheaper in expectation, over every run the harness timed in the
// round, not only in its typical run. Red team 34 (tests/cheats/redteam34_median_fast_tail) is
// fast on 15 runs in 16 and 48 x slow on the sixteenth: faster in every median, 1.44 x the
// seed's time in expectation.
//
// The rule reads every timed series of each arm in the round (the candidate: the gate's, the
// pairs', the law pairs', the deferred gate's and a top-up; the incumbent: the pairs' and the
// law pairs'). Each run is put on its own series' scale, r = t / median(series), so placement
// and data law cancel. A run with r > 1 + kExcursion is an excursion; the others are the bulk.
// Each arm's expected time, in units of its typical run, is
//   E = mean(bulk r) + rate x mean(r - mean(bulk r) over the excursions but the largest),
// where the largest excursion of each arm is forgiven (a one-off stall, preemption: the same rule
// in both arms, so one outlier never flips a verdict), and rate is, for the candidate, the
// one-sided (1 - kTailBeta) Clopper-Pearson upper bound of its excursion share (K of N runs),
// for the incumbent its point estimate (K - 1) / N. The candidate is cheaper in total where
//   expected_ratio = (incumbent's paired median x E_inc) / (candidate's paired median x E_cand)
// is above 1 ("faster"; at least kTieMeanFloor for a tie).
//
// The bound. A candidate whose runs are independent, fast (F) on a share 1 - p and slow by more
// than kExcursion on a share p, with expected time at or above the incumbent's, is kept with
//   P(kept) <= P(Binomial(N, p) <= 1) + kTailBeta,
// N its timed runs in the round: with K >= 2 excursions seen the charged rate is below p with
// probability <= kTailBeta, and with K <= 1 nothing is charged (the tail unseen, or seen once and
// forgiven). P(Bin(N, p) <= 1) falls with N and p: N >= tail_runs_needed() = 75 makes it
// <= kTailAlpha = 5% for every p >= kTailPMin = 1/16, so the loop tops the candidate's runs up
// to that many before a keep. A tail rarer than p_min is charged only when seen twice: a share
// p < 1/N is seen at all with probability 1 - (1 - p)^N, no rule can do better on N runs. A slow
// part within kExcursion of the median is in the bulk mean: estimated, not bounded.
#pragma once
#include <string>
#include <vector>

namespace solver::engine {

inline constexpr double kExcursion = 0.10;  // a run above 1.10 x its series' median
inline constexpr double kTailBeta = 0.05;   // one-sided level of the charged rate
inline constexpr double kTailPMin = 1.0 / 16;
inline constexpr double kTailAlpha = 0.05;

// P(Binomial(n, p) <= 1): a tail of share p seen at most once in n runs.
double tail_unseen_probability(int n, double p);
// The smallest n with tail_unseen_probability(n, p_min) <= alpha (75 at the defaults).
int tail_runs_needed(double p_min = kTailPMin, double alpha = kTailAlpha);
// One-sided (1 - beta) Clopper-Pearson upper bound of a share seen k times in n.
double share_upper_bound(int k, int n, double beta = kTailBeta);

struct ArmTail {
  int runs = 0;        // valid runs, over every series of 3 or more
  int excursions = 0;  // runs above 1 + kExcursion of their series' median
  double bulk_mean = 1;
  double rate = 0;      // the excursion share charged (the largest excursion forgiven)
  double excess = 0;    // mean excess of the charged excursions over the bulk mean
  double largest = 1;   // the forgiven excursion's r (1 where none)
  double expected = 1;  // bulk_mean + rate x excess, in units of the arm's typical run
};
// One arm. `upper`: the candidate's (the rate's upper bound), else the incumbent's (the point
// estimate). Series with fewer than 3 valid times are left out (no median to scale them by).
ArmTail arm_tail(const std::vector<std::vector<double>>& series, bool upper);

struct TailVerdict {
  bool cheaper = true;
  double expected_ratio = 0;  // > 1: the candidate cheaper in expectation
  ArmTail candidate, incumbent;
  double unseen_bound = 0;  // P(Bin(N, kTailPMin) <= 1) at the candidate's N
  std::string reason;
};
// `floor`: 1 for "faster" (strictly above), kTieMeanFloor for a tie (at or above). The medians
// are the pairs' (PairedDecision::candidate_median_us, incumbent_median_us).
TailVerdict tail_verdict(const std::vector<std::vector<double>>& candidate_series,
                         const std::vector<std::vector<double>>& incumbent_series,
                         double candidate_median_us, double incumbent_median_us, bool tie);

}  // namespace solver::engine
