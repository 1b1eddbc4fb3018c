// Red team 34 (docs/reliability.md; engine/backend/placement_plan.h): the paired decision on
// simulated times where each of two allocations carries a placement bias of its own, with or
// without the exchange of the allocations between pairs. Shared by placement_plan_test (its
// property: identical arms on exchanged allocations are called "faster" no more often than
// on one set of buffers) and red34_sim's `placement` mode (the table in reliability.md).
// The engine's own decisions: decide_sequentially under the plan, then where it says faster
// the law pairs (as many pairs, the same allocations, the same schedule) and decide_on_law,
// then on_separate_buffers (measurement.h) as round_loop.cpp applies it.
#pragma once
#include <cmath>
#include <random>
#include <vector>

#include "engine/backend/law_verdict.h"
#include "engine/backend/paired_verdict.h"
#include "engine/backend/placement_plan.h"
#include "engine/backend/sequence_plan.h"
#include "engine/loop/measurement.h"

namespace solver::engine::test {

struct PlacementSim {
  // Shared: one set of buffers (no placement difference). Separate: two allocations, each member
  // on its own throughout (main before h34). Bound: the same with h34's 1.03 bound
  // (on_separate_buffers, not exchanged). Exchanged: two allocations changing hands between
  // pairs on placement_plan.h's schedule (place35), read as the loop reads them.
  enum class Buffers { Shared, Separate, Bound, Exchanged };
  Buffers buffers = Buffers::Exchanged;
  double gain = 1.0;     // true incumbent / candidate time (1: identical arms)
  double bias = 1.0;     // systematic: the candidate's allocation (Y) faster by this factor
  double bias_sd = 0.0;  // and/or random: ln-sd of each allocation's own factor, per trial
  double order = 1.003;  // the second run of a pair faster by this factor (ABBA cancels it)
  double noise = 0.01;   // ln-sd of every run
  // Per rotation slot (P8: both members' k-th timed run is on slot (k + 4) mod 3), the
  // candidate's allocation faster by this factor on that slot's buffers (each set lands on
  // pages of its own: live on the H100, 2026-12-07b call4, one slot ~1.17, the others ~1.03).
  std::vector<double> slot_bias;
  int trials = 2000;
  uint64_t seed = 0x9ace35;
};

struct PlacementRates {
  double faster = 0;  // share of trials kept on time (the loop's "faster")
  double mean_pairs = 0;
};

inline PlacementRates simulate_placement(const PlacementSim& s, const PairPlan& plan) {
  std::mt19937_64 rng(s.seed);
  std::normal_distribution<double> g(0.0, 1.0);
  PlacementRates out;
  // One series of `n` pairs: incumbent (runner 0) and candidate (runner 1), ABBA, each run on
  // the allocation the schedule gives it (X = 0, the incumbent's own; Y = 1).
  // `start_swapped`: the law pairs begin where the timed pairs left the allocations (one
  // exchange before every odd pair: swapped after n pairs where n / 2 is odd).
  auto series = [&](int n, const double ln_alloc[2], PairSamples& p, bool law, bool start_swapped) {
    for (int i = 0; i < n; ++i) {
      const bool swapped = s.buffers == PlacementSim::Buffers::Exchanged &&
                           (placement_exchanged(i) != start_swapped);
      const int alloc_inc = s.buffers == PlacementSim::Buffers::Shared ? 0 : (swapped ? 1 : 0);
      const int alloc_cand = s.buffers == PlacementSim::Buffers::Shared ? 0 : (swapped ? 0 : 1);
      const bool inc_first = i % 2 == 0;  // paired_order: A B, then B A
      const int slot = rotation_slot(i + kWarmupRuns + 1);
      const double ln_slot =
          s.slot_bias.empty() ? 0.0 : -std::log(s.slot_bias[size_t(slot) % s.slot_bias.size()]);
      auto place = [&](int alloc) { return ln_alloc[alloc] + (alloc == 1 ? ln_slot : 0.0); };
      const double t_inc = 100.0 * std::exp(place(alloc_inc) + s.noise * g(rng) -
                                            (inc_first ? 0.0 : std::log(s.order)));
      const double t_cand =
          100.0 / s.gain *
          std::exp(place(alloc_cand) + s.noise * g(rng) - (inc_first ? std::log(s.order) : 0.0));
      (law ? p.law_incumbent_us : p.incumbent_us).push_back(t_inc);
      (law ? p.law_candidate_us : p.candidate_us).push_back(t_cand);
    }
  };
  int kept = 0;
  double pairs = 0;
  for (int t = 0; t < s.trials; ++t) {
    const double ln_alloc[2] = {s.bias_sd * g(rng), -std::log(s.bias) + s.bias_sd * g(rng)};
    PairSamples full;
    series(plan.max_pairs, ln_alloc, full, false, false);
    PairedDecision d = decide_sequentially(full, plan);
    const int used = int(d.ratios.size());
    pairs += used;
    if (d.verdict != Verdict::Faster) continue;
    PairSamples timed;
    timed.incumbent_us.assign(full.incumbent_us.begin(), full.incumbent_us.begin() + used);
    timed.candidate_us.assign(full.candidate_us.begin(), full.candidate_us.begin() + used);
    series(used, ln_alloc, timed, true, (used / 2) % 2 == 1);
    timed.law_audited = kLawPairAudits;
    PairedDecision law = decide_on_law(d, timed, plan);
    if (s.buffers == PlacementSim::Buffers::Bound) law = on_separate_buffers(law, false, false);
    if (s.buffers == PlacementSim::Buffers::Exchanged) law = on_separate_buffers(law, false, true);
    if (law.verdict == Verdict::Faster) ++kept;
  }
  out.faster = double(kept) / s.trials;
  out.mean_pairs = pairs / s.trials;
  return out;
}

}  // namespace solver::engine::test
