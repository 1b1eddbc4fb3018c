// How many pairs the spread calls for (docs/reliability.md P10; the adaptive PairPlan of
// backend.h). The first `first_look` pairs are a pilot: from their spread alone (1.4826 x the
// MAD of ln(incumbent / candidate), which does not look at where the ratios lie) the cap is set
// to the first look of the ladder (16, 32, 64, 128) with
//   n >= kCapSafety x ((z(1 - a/2) + z(kCapPower)) x 1.2533 x s / ln(1 + 2 g))^2,
// the pairs a median test at level a = kAdaptiveLookAlpha needs to call a 2 x min-gain (2%)
// slowdown "slower" with power kCapPower, x kCapSafety for the sign test's coarseness and an
// 8-pair spread's error. The looks taken are the last kAdaptiveLooks of the ladder up to the
// cap, each at kAdaptiveLookAlpha: whatever cap the pilot chose, at most three looks of
// one-sided level 0.33% each, so P(false "faster") <= 1% by the union bound. A quiet pair is
// decided at 16 as under the fixed rule; a noisy one takes up to 128.
#pragma once
#include <optional>
#include <vector>

#include "engine/backend/backend.h"

namespace solver::engine {

inline constexpr double kCapPower = 0.9;
inline constexpr double kCapSafety = 2.5;

// 1.4826 x MAD of ln(incumbent / candidate) over the first `n` pairs with valid times (0 when
// fewer than 2).
double pair_log_spread(const std::vector<double>& incumbent_us,
                       const std::vector<double>& candidate_us, int n);

struct AdaptiveCap {
  int cap = 0;
  double spread = 0;       // of the pilot
  double needed = 0;       // pairs the formula asks for
  std::vector<int> looks;  // the looks that will be taken, ascending, ending at cap
};
// The cap of an adaptive plan from the pilot (the first plan.first_look pairs); nullopt while
// fewer pairs than that were timed.
std::optional<AdaptiveCap> adaptive_cap(const std::vector<double>& incumbent_us,
                                        const std::vector<double>& candidate_us,
                                        const PairPlan& plan);

}  // namespace solver::engine
