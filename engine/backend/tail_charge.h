// P10t, the total-time property (issue 28; docs/reliability.md "P10t: kept means cheaper in
// total"): a kept candidate is cheaper in expectation, over every run the harness timed in the
// round, not only in its typical run. Red team 34 (tests/cheats/redteam34_median_fast_tail) is
// fast on 15 runs in 16 and 48 x slow on the sixteenth: faster in every median, 1.44 x the
// seed's time in expectation.
//
// The rule reads every timed series of each arm in the round (the candidate: the gate's, the
// pairs', the law pairs', the deferred gate's and a top-up; the incumbent: the pairs' and the
// law pairs'). Each run is put on its own series' scale, r = t / tail_unit(series) (its lower
// quartile; the median before tail37), so placement and data law cancel. A run with
// r > 1 + kExcursion is an excursion; the others are the bulk.
// Each arm's expected time, in units of its typical run, is its bulk mean plus a charge for its
// excursions. Two rules, by what the incumbent shows (tail37, session 33):
//
// Against a steady incumbent (at most one excursion in its runs; red team 34's case). The
// candidate's charge is U(K, N) x (sum of its K excursions' excess over the bulk mean - F) / K,
// U the one-sided (1 - kTailBeta) Clopper-Pearson upper bound of its excursion share: every
// excursion is charged, the largest too, except F, the part of its largest excursion that the
// incumbent's own largest excursion (the one-off stall a preemption makes, forgiven there) covers:
// F = min(r_max, cap) - (1 + kExcursion), cap the incumbent's largest excursion in the candidate's
// units, by its time above the typical run (a stall is time: cap = 1 + (r_inc - 1) x inc/cand
// units). Against a steady incumbent cap = 1 + kExcursion and nothing is forgiven: a slow run
// seen once is charged at U(1, N) ~ 0.062 of its excess (red team 36's redteam36_forgiven_stall:
// before, the largest was forgiven whatever its size). The incumbent's charge is its point
// estimate (K - 1) / N x the mean excess of its excursions but the largest (forgiven). Where
// the candidate's largest excursion is beyond the incumbent's, step 7c times the incumbent to as
// many runs first (total_time.h): a stall both arms may meet has as many chances in each.
//
// Against a tailed incumbent (2+ excursions, topped up to 75 runs and then both arms to
// kTailedRuns = 150, total_time.h: a kernel whose own runs are bimodal, audit 36's layernorm
// naive seed on the H200). Both arms
// may share the shape, so the candidate is charged for what its tail adds beyond the incumbent's:
// its excursions of like size (at most the incumbent's largest, in time) at the share
// p_inc + D, D the one-sided (1 - kTailBeta) upper bound of the difference of the shares
// (Newcombe's hybrid score interval, Wilson limits), never below its own point estimate, times
// their mean excess; its larger excursions as against a steady incumbent (U(K_big, N) x their
// mean excess: a 48 x tail cannot hide behind a 1.3 x one). The incumbent's charge is its point
// estimate K / N x the mean excess of all its excursions.
//
// The candidate is cheaper in total where
//   expected_ratio = (incumbent's paired unit x E_inc) / (candidate's paired unit x E_cand)
// is above 1 ("faster"; at least kTieMeanFloor for a tie).
//
// The bound (docs/reliability.md "P10t"). Against a steady incumbent, a candidate whose runs are
// independent, typical (F) on a share 1 - p and slower than 1 + kExcursion on a share p (any
// sizes; the excursions' mean excess estimated by their sample mean), with expected time at or
// above the incumbent's, is kept with
//   P(kept) <= P(Binomial(N, p) = 0) + kTailBeta = (1 - p)^N + kTailBeta,
// N its timed runs in the round: with K >= 1 excursions seen the charged share U(K, N) is below p
// with probability <= kTailBeta (Clopper-Pearson's coverage), and with K = 0 the tail was never
// timed: no statistic of the round charges it. N >= tail_runs_needed() = 75 (the loop tops the
// candidate up to it) makes (1 - p)^N <= 0.8% at p = kTailPMin = 1/16; the older statement
// P(Bin(N, p) <= 1) <= kTailAlpha (the rule that forgave one excursion) fixed N. A tail of share p
// escapes unseen with probability (1 - p)^N and no rule on N runs can do better; the harm it does
// then is p x its size, unbounded by runs. Against a tailed incumbent: the same for excursions
// larger than the incumbent's largest, and for like-sized ones the shares' difference is covered
// with probability >= 1 - kTailBeta (Newcombe's interval is approximate: a score interval, not
// exact). A slow part within kExcursion of the unit is in the bulk mean: estimated, not bounded.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace solver::engine {

inline constexpr double kExcursion = 0.10;  // a run above 1.10 x its series' unit (tail_unit)
inline constexpr double kTailBeta = 0.05;   // one-sided level of the charged rate
inline constexpr double kTailPMin = 1.0 / 16;
inline constexpr double kTailAlpha = 0.05;

// P(Binomial(n, p) <= 1): a tail of share p seen at most once in n runs (the statement that
// fixed N, from when one excursion was forgiven whatever its size).
double tail_unseen_probability(int n, double p);
// The smallest n with tail_unseen_probability(n, p_min) <= alpha (75 at the defaults).
int tail_runs_needed(double p_min = kTailPMin, double alpha = kTailAlpha);
// One-sided (1 - beta) Clopper-Pearson upper bound of a share seen k times in n.
double share_upper_bound(int k, int n, double beta = kTailBeta);

// A series' unit: its lower quartile (linear between order statistics) of the valid times. Not
// the median: a kernel whose runs are bimodal near half and half has its median in either mode
// from series to series, so excursions counted against it would be the slow runs in one series
// and none in the next (tail37: the H200 layernorm naive shape, 14 of 30 runs 0.77 x the rest).
double tail_unit(const std::vector<double>& series);

struct ArmTail {
  int runs = 0;        // valid runs, over every series of 3 or more
  int excursions = 0;  // runs above 1 + kExcursion of their series' unit
  double bulk_mean = 1;
  double rate = 0;      // the excursion share charged
  double excess = 0;    // mean excess charged per excursion, over the bulk mean
  double largest = 1;   // the largest excursion's r (1 where none)
  double forgiven = 0;  // of the largest excursion's excess, the part left out
  // The candidate against a tailed incumbent: its excursions larger than the incumbent's largest
  // (charged at U(big, N) x big_excess besides rate x excess for the like-sized ones).
  bool difference = false;
  int big = 0;
  double big_rate = 0, big_excess = 0;
  double expected = 1;  // bulk_mean + rate x excess (+ big_rate x big_excess)
};
// The incumbent against which a candidate is judged as against a steady one: its largest
// excursion forgiven, the rest at the point estimate (K - 1) / N. `upper`: the candidate's rule
// against a steady incumbent instead (every excursion at U(K, N), nothing forgiven). Series with
// fewer than 3 valid times are left out (no unit to scale them by).
ArmTail arm_tail(const std::vector<std::vector<double>>& series, bool upper);
// The candidate against a steady incumbent whose largest excursion, in the candidate's units, is
// `cap` (1 + kExcursion where none): the part of its own largest excursion up to cap forgiven.
ArmTail candidate_tail(const std::vector<std::vector<double>>& series, double cap);
// The candidate against a tailed incumbent `inc` (difference_incumbent's answer); `cap` as above.
ArmTail candidate_tail_against(const std::vector<std::vector<double>>& series, const ArmTail& inc,
                               double cap);
// A tailed incumbent's arm: every excursion at the point estimate K / N.
ArmTail difference_incumbent(const std::vector<std::vector<double>>& series);

// Wilson's score limits of a share seen k times in n, at one-sided level 1 - beta each.
std::pair<double, double> wilson_limits(int k, int n, double beta = kTailBeta);
// One-sided (1 - beta) upper bound of p_a - p_b (Newcombe's hybrid score interval).
double share_difference_upper(int ka, int na, int kb, int nb, double beta = kTailBeta);

// Whether the incumbent's runs show a tail (2+ excursions): the candidate is then judged against
// it by the difference rule, once the incumbent has tail_runs_needed() runs of its own.
bool incumbent_tailed(const std::vector<std::vector<double>>& incumbent_series);

struct TailVerdict {
  bool cheaper = true;
  double expected_ratio = 0;  // > 1: the candidate cheaper in expectation
  ArmTail candidate, incumbent;
  double unseen_bound = 0;      // (1 - kTailPMin)^N: a tail of share p_min never timed in N runs
  double cap = 1 + kExcursion;  // the incumbent's largest excursion, in the candidate's units
  // The candidate's largest excursion is beyond what the incumbent's runs showed (step 7c then
  // times the incumbent as often as the candidate before judging: a stall both may meet).
  bool unmatched = false;
  std::string reason;
};
// `tie`: judged against kTieMeanFloor (at or above), else strictly above 1. The units are the
// pairs' (tail_unit of PairSamples::candidate_us, incumbent_us). The difference rule applies
// where the incumbent is tailed and has at least tail_runs_needed() valid runs; else the steady
// rule (a tailed incumbent on fewer runs is judged as before the difference rule: conservative).
TailVerdict tail_verdict(const std::vector<std::vector<double>>& candidate_series,
                         const std::vector<std::vector<double>>& incumbent_series,
                         double candidate_unit_us, double incumbent_unit_us, bool tie);

}  // namespace solver::engine
