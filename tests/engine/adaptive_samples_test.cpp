// The adaptive count of a profile's unprofiled samples (engine/backend/adaptive_samples.h): a
// steady series stops at the floor, a noisy one runs to the cap, and the spread it states is
// the one it used.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "engine/backend/adaptive_samples.h"

using namespace solver::engine;

namespace {

// The first n at which the rule stops a series drawn by `next`.
template <class F>
int stop_point(const SampleRule& rule, F next) {
  std::vector<double> us;
  while (!enough_samples(us, rule)) us.push_back(next(int(us.size())));
  return int(us.size());
}

}  // namespace

TEST_CASE("relative spread: (max - min) / median") {
  CHECK(relative_spread({}) == 0);
  CHECK(relative_spread({5}) == 0);
  CHECK(relative_spread({100, 101, 99}) == doctest::Approx(0.02));
  CHECK(relative_spread({100, 102}) == doctest::Approx(2.0 / 101));
}

TEST_CASE("a steady slow seed stops at the floor; a noisy series runs to the cap") {
  SampleRule rule;  // floor 6, cap 20, 1%
  // Naive matmul's shape: 276 ms per launch, steady to 0.1%.
  CHECK(stop_point(rule, [](int i) { return 276000.0 * (1 + 0.001 * ((i % 3) - 1)); }) == 6);
  // 5% noise: never inside 1%, so every sample is taken, as before the rule.
  std::mt19937_64 rng(3);
  std::normal_distribution<double> noise(0, 0.05);
  CHECK(stop_point(rule, [&](int) { return 100.0 * (1 + noise(rng)); }) == 20);
  // Steady but for one outlier in the first six: the spread must come back inside 1%, which a
  // sample far out never lets it do (min and max only widen), so it runs to the cap.
  CHECK(stop_point(rule, [](int i) { return i == 2 ? 130.0 : 100.0; }) == 20);
  // Tight from the 9th sample on after a wide start is still the cap: the rule looks at all.
  CHECK(stop_point(rule, [](int i) { return i < 1 ? 90.0 : 100.0; }) == 20);
}

TEST_CASE("the floor and the cap: never fewer than the floor, never more than the cap") {
  SampleRule rule;
  rule.floor = 6;
  rule.cap = 8;
  CHECK(stop_point(rule, [](int) { return 50.0; }) == 6);
  std::vector<double> five(5, 50.0);
  CHECK_FALSE(enough_samples(five, rule));
  std::vector<double> wide = {1, 2, 3, 4, 5, 6, 7, 8};
  CHECK(enough_samples(wide, rule));  // the cap
  // Zero times are no measurement: only the cap ends such a series.
  std::vector<double> zeros(7, 0.0);
  CHECK_FALSE(enough_samples(zeros, rule));
  // Spread exactly at the bound stops; just over it does not.
  std::vector<double> edge = {100, 100, 100, 100, 100, 101};
  SampleRule r2;
  r2.rel_spread = 0.01;
  CHECK(enough_samples(edge, r2));
  std::vector<double> over = {100, 100, 100, 100, 100, 101.5};
  CHECK_FALSE(enough_samples(over, r2));
}

TEST_CASE(
    "the rule's error bound: the median lies outside [min, max] of 6 samples 3.1% of the time") {
  // Simulated check of the bound the docs state (2 * 2^-floor), with a skewed distribution.
  std::mt19937_64 rng(11);
  std::exponential_distribution<double> d(1.0);
  const double median = std::log(2.0);
  int outside = 0, trials = 20000;
  for (int t = 0; t < trials; ++t) {
    double lo = 1e9, hi = -1e9;
    for (int i = 0; i < 6; ++i) {
      double x = d(rng);
      lo = std::min(lo, x), hi = std::max(hi, x);
    }
    if (median < lo || median > hi) ++outside;
  }
  CHECK(double(outside) / trials == doctest::Approx(2.0 / 64).epsilon(0.15));
}
