// Red team 36 (issue 28): the decision half of tests/cheats/redteam36_forgiven_stall and
// tests/cheats/redteam36_clock_window_tail on the host, with the engine's own functions
// (decide_sequentially under the adaptive plan, decide_on_law, timing_consistency for the gate,
// the deferred gate and the top-up, and P10t's candidate_series / runs_short / tail_verdict, as
// round_loop.cpp step 7c), as red34_sim does. What differs from red34_sim: every run has a start
// time on a simulated clock (the round's runs in the order the worker makes them), so a slow
// path may follow the clock (a %globaltimer window) instead of a per-run coin. Step 7c is the
// engine's judge_total (total_time.h; since tail37 every excursion charged, the forgiven part
// only what the incumbent's own stall covers). The clock window's fix is not here: a work amount
// that follows the clock is refused before any timing (generators/ptx_clock_work.h).
//
//   ninja -C build red36_sim && build/tests/engine/red36_sim stall P R [trials]
//   build/tests/engine/red36_sim window PERIOD_MS WIDTH_MS R [trials] [run_overhead_ms] [gap_ms]
// stall: slow x R on a per-run coin of share P (redteam36_forgiven_stall: 1/48, 150).
// window: slow x R on every run that starts inside a WIDTH_MS window of every PERIOD_MS of wall
// time, at a phase uniform per round (redteam36_clock_window_tail: 8590 268 96). The clock:
// each run takes its own time plus run_overhead_ms (L2 flush, redraw, scrubs: default 0.5), and
// each series (gate, pairs, law pairs, deferred gate, top-up) starts gap_ms after the last
// (compiles, audits, references: default 100). Both unmeasured: the prediction names them.
// RED36_PAIRS=15: the fixed rule of 15 pairs (scripts/gpu/lib/cheat_round.sh), else adaptive.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "engine/backend/law_verdict.h"
#include "engine/backend/paired_verdict.h"
#include "engine/backend/sequence_plan.h"
#include "engine/loop/measurement.h"
#include "engine/loop/total_time.h"

using namespace solver::engine;

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "stall";
  const bool window = mode == "window";
  const double p = !window && argc > 2 ? std::atof(argv[2]) : 1.0 / 48;
  const double R_stall = !window && argc > 3 ? std::atof(argv[3]) : 150;
  const int trials_stall = !window && argc > 4 ? std::atoi(argv[4]) : 20000;
  const double period = window && argc > 2 ? std::atof(argv[2]) * 1000 : 8590e3;  // us
  const double width = window && argc > 3 ? std::atof(argv[3]) * 1000 : 268e3;
  const double R_win = window && argc > 4 ? std::atof(argv[4]) : 96;
  const int trials_win = window && argc > 5 ? std::atoi(argv[5]) : 20000;
  const double overhead = window && argc > 6 ? std::atof(argv[6]) * 1000 : 500;
  const double gap = window && argc > 7 ? std::atof(argv[7]) * 1000 : 100e3;
  const double R = window ? R_win : R_stall;
  const int trials = window ? trials_win : trials_stall;
  const double f = 0.365, inc_us = 250, noise = 0.01;  // red34's kernel, a 250 us seed
  std::mt19937_64 rng(0x7ed36);
  std::normal_distribution<double> g(0.0, noise);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  double now = 0, phase = 0;
  auto slow_now = [&] {
    if (!window) return u(rng) < p;
    return std::fmod(now + phase, period) < width;
  };
  auto inc = [&] {
    const double t = inc_us * std::exp(g(rng));
    now += t + overhead;
    return t;
  };
  auto cand = [&] {
    const double t = inc_us * f * (slow_now() ? R : 1.0) * std::exp(g(rng));
    now += t + overhead;
    return t;
  };
  auto series = [&](int n) {
    now += gap;
    std::vector<double> v(static_cast<size_t>(n));
    for (double& x : v) x = cand();
    return v;
  };
  auto pairs = [&](int n, std::vector<double>& a, std::vector<double>& b,
                   std::vector<double>& starts) {
    now += gap;
    for (int i = 0; i < n; ++i) {
      starts.push_back(now);
      if (i % 2 == 0) {  // A B B A: the incumbent first on even pairs
        a.push_back(inc());
        b.push_back(cand());
      } else {
        b.push_back(cand());
        a.push_back(inc());
      }
    }
    starts.push_back(now);
  };
  // RED36_PAIRS=N: the fixed rule of N pairs (the probe's `--pairs 15`), else the adaptive rule.
  const int fixed = std::getenv("RED36_PAIRS") ? std::atoi(std::getenv("RED36_PAIRS")) : 0;
  const PairPlan plan = fixed > 0 ? PairPlan(fixed) : PairPlan::adaptive_plan();
  int kept = 0, faster = 0, refused_other = 0, total_bad = 0, forgiven_kept = 0;
  double span = 0;
  for (int t = 0; t < trials; ++t) {
    now = 0;
    phase = u(rng) * period;
    const std::vector<double> gate = series(kGateSamples);
    PairSamples full;
    std::vector<double> starts;
    pairs(plan.max_pairs, full.incumbent_us, full.candidate_us, starts);
    const PairedDecision d = decide_sequentially(full, plan);
    const int used = int(d.ratios.size());
    now = starts[size_t(used)];  // the pairs stop at `used`: the clock goes on from there
    if (d.verdict != Verdict::Faster) continue;
    ++faster;
    PairSamples timed;
    timed.incumbent_us.assign(full.incumbent_us.begin(), full.incumbent_us.begin() + used);
    timed.candidate_us.assign(full.candidate_us.begin(), full.candidate_us.begin() + used);
    std::vector<double> ls;
    pairs(used, timed.law_incumbent_us, timed.law_candidate_us, ls);
    timed.law_audited = kLawPairAudits;
    const PairedDecision law = decide_on_law(d, timed, plan);
    if (law.verdict != Verdict::Faster ||
        !timing_consistency(gate, timed.candidate_us).consistent) {
      ++refused_other;
      continue;
    }
    const std::vector<double> deferred = series(kGateSamples);
    if (!timing_consistency(deferred, timed.candidate_us).consistent) {
      ++refused_other;
      continue;
    }
    // Step 7c as round_loop.cpp runs it: the top-ups are series on the clock too.
    const TotalJudgement j =
        judge_total(gate, deferred, timed, false, [&](bool incumbent, int n, std::string&) {
          if (!incumbent) return series(n);
          now += gap;
          std::vector<double> v(static_cast<size_t>(n));
          for (double& x : v) x = inc();
          return v;
        });
    if (!j.judged) {
      ++refused_other;
      continue;
    }
    span += now;
    if (!j.cheaper) {
      ++total_bad;
      continue;
    }
    ++kept;
    if (j.verdict.candidate.excursions == 1) ++forgiven_kept;
  }
  // What a caller pays per call: a per-run coin, or calls at times independent of the window.
  const double share = window ? width / period : p;
  const double mean = f * ((1 - share) + share * R);
  std::printf("%s: slow x%.0f on a share %.4f of %s; mean time / seed %.3f (%s); median 1/%.3f\n",
              mode.c_str(), R, share, window ? "wall time (calls independent of it)" : "runs", mean,
              mean > 1 ? "SLOWER" : "faster", f);
  if (window)
    std::printf("clock: period %.0f ms, window %.0f ms, run overhead %.2f ms, series gap %.0f ms\n",
                period / 1000, width / 1000, overhead / 1000, gap / 1000);
  std::printf(
      "trials %d: timed faster %.4f, refused by the other checks %d, not cheaper in total (P10t) "
      "%d, KEPT %.4f (of which with one excursion seen %.4f); mean span of a round's "
      "timed runs %.0f ms\n",
      trials, double(faster) / trials, refused_other, total_bad, double(kept) / trials,
      double(forgiven_kept) / trials, faster ? span / faster / 1000 : 0.0);
  std::printf("bound (steady incumbent): P(Bin(75, p) = 0) + %.2f = %.4f\n", kTailBeta,
              std::pow(1 - share, tail_runs_needed()) + kTailBeta);
  return 0;
}
