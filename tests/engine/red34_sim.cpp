// Red team 34 (issue 28): the decision half of tests/cheats/redteam34_median_fast_tail, on the
// host, with the engine's own functions (paired_verdict.cpp decide_sequentially under the
// adaptive plan, law_verdict.cpp decide_on_law, engine/loop/measurement.cpp
// timing_consistency for the gate and the deferred gate). What it asks: how often is a candidate
// kept whose time is the fast mode f on most runs and R x f on a fraction p of them (a coin
// drawn from each run's own inputs, so independent per run), and what is its mean time against
// the incumbent's? The verdicts read medians, so the slow minority does not count.
//
// Build and run (~10 s once solver_engine is built):
//   ninja -C build red34_sim && build/tests/engine/red34_sim
// and `build/tests/engine/red34_sim layout tests/cheats/redteam34_own_buffers_placement`,
// `build/tests/engine/red34_sim placement [TRIALS]` (place35: the allocations exchanged).
// Arguments (optional): p R f noise trials pairs [separate|shared] [q]. Defaults: 0.0625 48 0.365
// 0.01 20000 0 shared 0; pairs 0 is the loop's default (the adaptive rule up to 128 pairs), N > 0
// the fixed rule of N pairs (`--pairs N` alone, as scripts/gpu/lib/cheat_round.sh runs a cheat
// folder: 15); `separate` applies the separate-allocations bound (measurement.h
// on_separate_buffers); q > 0 gives BOTH arms a stall (20 x one run) on a share q of runs, the
// honest one-off outlier (preemption) that must not flip a verdict.
// A ninth argument p_timed (red team 40b, tests/cheats/redteam40b_law_only_tail): the slow share
// on the timed-kind series (gate, pairs, deferred gate, top-up) where it differs from the law
// pairs' p, a child whose slow path only the declared law's data trigger (p_timed 0); the mean
// printed is then the law's (what a caller sending the declared law pays).
// Since P10t (tail35) the round also tops the candidate's runs up to tail_runs_needed() and
// judges the total over every run (engine/loop/total_time.h, engine/backend/tail_charge.h), as
// round_loop.cpp step 7c does.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/law_verdict.h"
#include "engine/backend/paired_verdict.h"
#include "engine/backend/sequence_plan.h"
#include "engine/loop/measurement.h"
#include "engine/loop/total_time.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "tests/engine/placement_sim.h"

using namespace solver::engine;

// `red34_sim layout DIR`: whether time_pairs would run DIR's seed and its child `cheat` on one
// set of buffers (gpu::same_buffer_layout on their resolved shapes at every knob point), the
// shape each gives every buffer that differs (tests/cheats/redteam34_own_buffers_placement).
static int layout(const std::string& dir) {
  namespace gen = solver::generators;
  const gen::ProblemSpec spec = gen::load_problem(dir);
  const gen::VariantSpec* seed = nullptr;
  for (const auto& v : spec.variants)
    if (v.id == spec.seed_variant) seed = &v;
  if (!seed) return 1;
  const std::vector<gen::KnobValues> start = gen::enumerate_knobs(spec, *seed);
  const gen::ResolvedVariant a =
      gen::resolve_shapes(spec, *seed, start.empty() ? gen::KnobValues{} : start.front());
  for (const auto& v : spec.variants) {
    if (&v == seed) continue;
    for (const gen::KnobValues& k : gen::enumerate_knobs(spec, v)) {
      const gen::ResolvedVariant b = gen::resolve_shapes(spec, v, k);
      std::printf("%s / %s: same_buffer_layout %s\n", spec.seed_variant.c_str(), v.id.c_str(),
                  solver::gpu::same_buffer_layout(a, b) ? "yes (one set of buffers)"
                                                        : "NO (each member its own allocation)");
      for (size_t i = 0; i < a.buffers.size() && i < b.buffers.size(); ++i)
        if (a.buffers[i].shape != b.buffers[i].shape)
          std::printf("  %s: %zu dimension(s), %lld bytes against %zu dimension(s), %lld bytes\n",
                      a.buffers[i].name.c_str(), a.buffers[i].shape.size(),
                      (long long)a.buffers[i].bytes, b.buffers[i].shape.size(),
                      (long long)b.buffers[i].bytes);
    }
  }
  return 0;
}

// `red34_sim placement [TRIALS]` (place35): identical arms (and real gains) on two
// allocations with a placement bias each, under the four buffer conditions of placement_sim.h:
// one set of buffers, separate (main before h34), separate with h34's 1.03 bound, and
// separate allocations exchanged between pairs (engine/backend/placement_plan.h). Prints the
// share kept ("faster" through the timed and the law pairs) per condition, bias and rule.
static int placement(int trials) {
  using solver::engine::test::PlacementSim;
  using solver::engine::test::simulate_placement;
  const std::pair<const char*, PlacementSim::Buffers> rows[] = {
      {"shared", PlacementSim::Buffers::Shared},
      {"separate", PlacementSim::Buffers::Separate},
      {"separate+1.03", PlacementSim::Buffers::Bound},
      {"exchanged", PlacementSim::Buffers::Exchanged}};
  const std::pair<const char*, PairPlan> plans[] = {{"fixed 15", PairPlan(15)},
                                                    {"adaptive", PairPlan::adaptive_plan()}};
  std::printf("kept share, %d trials a cell; ln-noise 1%% a run, second-in-pair 0.3%% faster\n",
              trials);
  auto table = [&](const char* title, double gain, double sd, std::vector<double> biases) {
    std::printf("\n%s\n%-14s %-9s", title, "buffers", "rule");
    for (double b : biases) std::printf("  b=%-7.4f", b);
    std::printf("\n");
    for (const auto& [name, buffers] : rows)
      for (const auto& [rule, plan] : plans) {
        std::printf("%-14s %-9s", name, rule);
        for (double b : biases) {
          PlacementSim s;
          s.buffers = buffers;
          s.gain = gain;
          s.bias = b;
          s.bias_sd = sd;
          s.trials = trials;
          std::printf("  %8.4f ", simulate_placement(s, plan).faster);
        }
        std::printf("\n");
      }
  };
  const std::vector<double> biases = {1.0, 1.0036, 1.01, 1.0182, 1.03, 1.05};
  table("identical arms, the candidate's allocation faster by b (the 2026-12-01 bias)", 1.0, 0,
        biases);
  table("identical arms, plus a bias of each allocation's own (ln-sd 2%), b systematic", 1.0, 0.02,
        {1.0, 1.0182});
  {
    // The H100's live pattern (2026-12-07b call4): one rotation slot ~1.17, the others ~1.03,
    // 2.5% noise a run.
    std::printf("\nidentical arms, a bias per rotation slot {1.03, 1.17, 1.03}, ln-noise 2.5%%\n");
    for (const auto& [name, buffers] : rows)
      for (const auto& [rule, plan] : plans) {
        PlacementSim s;
        s.buffers = buffers;
        s.noise = 0.025;
        s.slot_bias = {1.03, 1.17, 1.03};
        s.trials = trials;
        std::printf("%-14s %-9s  %8.4f\n", name, rule, simulate_placement(s, plan).faster);
      }
  }
  table("a real 2% gain (detection)", 1.02, 0, {1.0, 1.0182, 0.98});
  table("a real 5% gain (detection)", 1.05, 0, {1.0, 1.0182, 0.95});
  return 0;
}

int main(int argc, char** argv) {
  if (argc > 2 && std::string(argv[1]) == "layout") return layout(argv[2]);
  if (argc > 1 && std::string(argv[1]) == "placement")
    return placement(argc > 2 ? std::atoi(argv[2]) : 4000);
  const double p = argc > 1 ? std::atof(argv[1]) : 0.0625;    // share of slow runs
  const double R = argc > 2 ? std::atof(argv[2]) : 48;        // slow / fast time
  const double f = argc > 3 ? std::atof(argv[3]) : 0.365;     // fast time / incumbent time
  const double noise = argc > 4 ? std::atof(argv[4]) : 0.01;  // ln-sd of every run
  const int trials = argc > 5 ? std::atoi(argv[5]) : 20000;
  const int fixed = argc > 6 ? std::atoi(argv[6]) : 0;
  // "separate": the pairs ran on separate allocations (round_loop.cpp on_separate_buffers)
  const bool separate = argc > 7 && std::string(argv[7]) == "separate";
  const double q = argc > 8 ? std::atof(argv[8]) : 0.0;  // both arms: a 20 x stall
  const double p_timed = argc > 9 ? std::atof(argv[9]) : p;  // timed-kind runs' slow share
  std::mt19937_64 rng(0x7ed34);
  std::normal_distribution<double> g(0.0, noise);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  auto stall = [&] { return q > 0 && u(rng) < q ? 20.0 : 1.0; };
  auto inc = [&] { return 100.0 * stall() * std::exp(g(rng)); };
  auto draw = [&](double share) {
    return 100.0 * f * stall() * (u(rng) < share ? R : 1.0) * std::exp(g(rng));
  };
  auto cand = [&] { return draw(p_timed); };  // every timed-kind series
  auto law_cand = [&] { return draw(p); };    // the law pairs (P6d: the declared law's data)
  auto series = [&](int n, auto&& draw) {
    std::vector<double> v(static_cast<size_t>(n));
    for (double& x : v) x = draw();
    return v;
  };
  const PairPlan plan = fixed > 0 ? PairPlan(fixed) : PairPlan::adaptive_plan();
  int kept = 0, gate_bad = 0, faster = 0, law_bad = 0, deferred_bad = 0, total_bad = 0;
  double runs_sum = 0, inc_topups = 0;
  double pairs_sum = 0, reported = 0;
  for (int t = 0; t < trials; ++t) {
    // The regular gate part's series (kGateSamples), then the pairs (up to the cap), then the
    // law pairs where the timed verdict is "faster", then the deferred gate's series.
    const std::vector<double> gate = series(kGateSamples, cand);
    PairSamples full;
    full.incumbent_us = series(plan.max_pairs, inc);
    full.candidate_us = series(plan.max_pairs, cand);
    PairedDecision d = decide_sequentially(full, plan);
    const int used = int(d.ratios.size());
    pairs_sum += used;
    if (d.verdict != Verdict::Faster) continue;
    ++faster;
    PairSamples timed;
    timed.incumbent_us.assign(full.incumbent_us.begin(), full.incumbent_us.begin() + used);
    timed.candidate_us.assign(full.candidate_us.begin(), full.candidate_us.begin() + used);
    timed.law_incumbent_us = series(used, inc);
    timed.law_candidate_us = series(used, law_cand);
    timed.law_audited = kLawPairAudits;  // every audited run is right: the slow path is honest
    PairedDecision law = decide_on_law(d, timed, plan);
    if (separate) law = on_separate_buffers(law, false);
    if (law.verdict != Verdict::Faster) {
      ++law_bad;
      continue;
    }
    // As candidate_checks.cpp: the medians agree (the gate's, then the deferred gate's).
    if (!timing_consistency(gate, timed.candidate_us).consistent) {
      ++gate_bad;
      continue;
    }
    const std::vector<double> deferred = series(kGateSamples, cand);
    if (!timing_consistency(deferred, timed.candidate_us).consistent) {
      ++deferred_bad;
      continue;
    }
    // Step 7c (P10t): every run of the candidate, topped up to the bound's N, in the total (the
    // incumbent topped up too where its runs show a tail), as round_loop.cpp does.
    const TotalJudgement j =
        judge_total(gate, deferred, timed, false, [&](bool incumbent, int n, std::string&) {
          return incumbent ? series(n, inc) : series(n, cand);
        });
    if (!j.judged) {
      ++deferred_bad;  // the top-up's median disagrees (total_time.cpp)
      continue;
    }
    runs_sum += j.verdict.candidate.runs;
    inc_topups += j.incumbent_topup;
    if (!j.cheaper) {
      ++total_bad;
      continue;
    }
    ++kept;
    reported += law.median_ratio;
  }
  const double mean_cand = f * ((1 - p) + p * R);
  std::printf(
      "candidate: fast %.3f of the incumbent, slow x%.0f on p = %.4f of runs (timed-kind runs: "
      "%.4f), ln-sd %.3f; %s\n",
      f, R, p, p_timed, noise, fixed > 0 ? "the fixed rule" : "the adaptive rule (the default)");
  std::printf("mean time / incumbent's = %.3f (%s in expectation; median speed-up %.2fx)\n",
              mean_cand, mean_cand > 1 ? "SLOWER" : "faster", 1 / f);
  std::printf(
      "trials %d: timed faster %.4f, law refused %d, gate inconsistent %d, deferred "
      "inconsistent %d, not cheaper in total %d, KEPT %.4f; mean pairs %.1f; mean candidate "
      "runs judged %.1f; mean reported ratio of the kept %.2f\n",
      trials, double(faster) / trials, law_bad, gate_bad, deferred_bad, total_bad,
      double(kept) / trials, pairs_sum / trials,
      faster - law_bad - gate_bad - deferred_bad > 0
          ? runs_sum / double(faster - law_bad - gate_bad - deferred_bad)
          : 0.0,
      kept ? reported / kept : 0.0);
  std::printf(
      "P10t bound at the runs judged: P(Bin(N, p) = 0) + %.2f = %.4f (N = %d); the incumbent's "
      "top-up runs per round judged %.1f\n",
      kTailBeta, std::pow(1 - p, tail_runs_needed()) + kTailBeta, tail_runs_needed(),
      faster - law_bad - gate_bad - deferred_bad > 0
          ? inc_topups / double(faster - law_bad - gate_bad - deferred_bad)
          : 0.0);
  return 0;
}
