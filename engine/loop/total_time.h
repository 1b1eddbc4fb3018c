// Step 7c of a round (round_loop.cpp): is the candidate cheaper in total, over every run of it
// the harness timed in the round? (P10t; the rule and its bound: engine/backend/tail_charge.h.)
// The candidate's series are its gate's regular and deferred timed runs, the pairs' and the law
// pairs'; where they hold fewer than tail_runs_needed() valid runs, one more series of the
// candidate tops them up (Backend::time_samples, the timing the gate's series is), so that a tail
// of share >= kTailPMin is seen twice with probability >= 1 - kTailAlpha before any keep.
#pragma once
#include <cstdint>
#include <vector>

#include "engine/backend/backend.h"
#include "engine/backend/tail_charge.h"
#include "engine/loop/ledger.h"

namespace solver::engine {

// The candidate's timed series of the round (empty ones left out).
std::vector<std::vector<double>> candidate_series(const std::vector<double>& gate_us,
                                                  const std::vector<double>& deferred_us,
                                                  const PairSamples& pairs);
// How many more runs the bound needs (0 when enough).
int runs_short(const std::vector<std::vector<double>>& series);

// False (rec rejected, its verdict ambiguous with the reason) when the candidate is not cheaper
// in total, or the top-up the bound needs did not come back. `tie`: judged against
// kTieMeanFloor. `seed`: the top-up's (a recorded backend's draw).
bool cheaper_in_total(Backend& backend, const VariantRef& cand, const std::vector<double>& gate_us,
                      const std::vector<double>& deferred_us, const PairSamples& pairs, bool tie,
                      uint64_t seed, RoundRecord& rec);

}  // namespace solver::engine
