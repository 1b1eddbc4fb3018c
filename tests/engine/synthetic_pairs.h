// SYNTHETIC paired timings for the verdict's tests (not measured): n pairs whose true ratio
// incumbent/candidate is `gain`, with a drift shared by both members of a pair (sd `drift`)
// and independent jitter per member (sd `jitter`).
#pragma once
#include <cstdint>
#include <random>

#include "engine/backend/backend.h"

namespace solver::test {

inline engine::PairSamples synthetic_pairs(int n, double gain, double jitter, uint64_t seed,
                                           double drift = 0.05) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> shared(0.0, drift), noise(0.0, jitter);
  engine::PairSamples s;
  for (int i = 0; i < n; ++i) {
    const double base = 100.0 * (1.0 + shared(rng));
    s.incumbent_us.push_back(base * (1.0 + noise(rng)));
    s.candidate_us.push_back(base / gain * (1.0 + noise(rng)));
  }
  return s;
}

}  // namespace solver::test
