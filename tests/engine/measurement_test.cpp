// The paired verdict on synthetic samples: the statistics are host code, no GPU needed.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "engine/loop/measurement.h"
#include "synthetic_pairs.h"

using namespace solver::engine;

namespace {
PairSamples make_pairs(int n, double gain, double jitter, unsigned seed) {
  return solver::test::synthetic_pairs(n, gain, jitter, seed, 0.05);
}
}  // namespace

TEST_CASE("median and its confidence ranks") {
  CHECK(median({3, 1, 2}) == 2);
  CHECK(median({4, 1, 2, 3}) == 2.5);
  // n=20: P(X<=5)=0.0207 <= 0.025 < P(X<=6)=0.0577, so k=5: the 6th smallest and the 6th
  // largest, ranks 5 and 14 (0-based). (This once asserted 6 and 13, the ranks of an interval
  // with only ~88% coverage: P(X<=6) on each side.)
  CHECK(median_ci_ranks(20) == std::pair<int, int>{5, 14});
  CHECK(median_ci_ranks(15) == std::pair<int, int>{3, 11});
  // Too few values for a 95% interval: the whole range.
  CHECK(median_ci_ranks(5) == std::pair<int, int>{0, 4});
}

TEST_CASE("the median's interval ranks hold their definition for every n (Boost.Math quantile)") {
  // k is the largest with P(Binomial(n, 1/2) <= k) <= alpha/2, checked against an exact sum in
  // long double: no off-by-one in either direction, at every n and level the loop uses.
  for (double alpha : {0.05, 0.05 / 2, 0.05 / 3, 0.01})
    for (int n = 1; n <= 400; ++n) {
      auto [lo, hi] = median_ci_ranks(n, alpha);
      CAPTURE(n);
      CAPTURE(alpha);
      long double cdf = 0, p = std::pow(0.5L, n);  // P(X = 0)
      int k = -1;
      for (int i = 0; i <= n; ++i) {
        cdf += p;
        if (cdf > alpha / 2) break;
        k = i;
        p = p * (n - i) / (i + 1);
      }
      CHECK(lo == std::max(k, 0));
      CHECK(hi == (k < 0 ? n - 1 : n - 1 - k));
    }
}

TEST_CASE("a clear 10% gain is faster, a clear 10% loss slower") {
  auto faster = decide(make_pairs(30, 1.10, 0.005, 1), 0.01);
  CHECK(faster.verdict == Verdict::Faster);
  CHECK(faster.median_ratio == doctest::Approx(1.10).epsilon(0.02));
  CHECK(faster.ci_low > 1.0);
  auto slower = decide(make_pairs(30, 1 / 1.10, 0.005, 2), 0.01);
  CHECK(slower.verdict == Verdict::Slower);
}

TEST_CASE("shared drift does not hide a gain: pairing cancels it") {
  // 5% drift between pairs but 0.2% jitter within: a 3% gain is still decided.
  auto d = decide(make_pairs(25, 1.03, 0.002, 3), 0.01);
  CHECK(d.verdict == Verdict::Faster);
  CHECK(d.incumbent_spread > 0.03);  // the unpaired times alone are noisier than the gain
}

TEST_CASE("no change is same; a gain below the minimum is not a win") {
  CHECK(decide(make_pairs(30, 1.0, 0.002, 4), 0.01).verdict == Verdict::Same);
  auto small = decide(make_pairs(30, 1.004, 0.001, 5), 0.01);
  CHECK(small.verdict == Verdict::Same);
}

TEST_CASE("noisy or short measurements are ambiguous") {
  CHECK(decide(make_pairs(30, 1.02, 0.08, 6), 0.01).verdict == Verdict::Ambiguous);
  CHECK(decide(make_pairs(4, 1.5, 0.001, 7), 0.01).verdict == Verdict::Ambiguous);
  PairSamples bad;
  bad.incumbent_us = {1, 2, 3, 4, 5, 6};
  bad.candidate_us = {0, -1, 0, 0, 0, 0};  // invalid times are dropped, leaving too few pairs
  CHECK(decide(bad, 0.01).verdict == Verdict::Ambiguous);
}

TEST_CASE("verdict names round-trip") {
  for (Verdict v : {Verdict::Faster, Verdict::Slower, Verdict::Same, Verdict::Ambiguous})
    CHECK(verdict_from_string(to_string(v)) == v);
  CHECK_FALSE(verdict_from_string("better").has_value());
}

namespace {
std::vector<double> around(double us, double spread, int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-spread, spread);
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(us * (1 + u(rng)));
  return v;
}
}  // namespace

TEST_CASE("timing consistency: the H200's honest gaps pass, a kernel slow only when gated fails") {
  const auto inc = around(500, 0.01, 15, 99);  // the incumbent in the same session
  // Honest: the recording's largest gate/timed gap is 0.9% with relative IQRs up to 2.6%.
  auto c = timing_consistency(around(1753, 0.01, 6, 1), around(1737, 0.01, 15, 2), inc);
  CHECK(c.consistent);
  CHECK(c.allowed == doctest::Approx(kTimingSlack));
  CHECK(timing_consistency(around(140, 0.026, 6, 3), around(140.5, 0.026, 15, 4), inc).consistent);
  // The cheats: ~10x (a cache the gate's inputs warmed) and 69x (launch spacing).
  auto cache = timing_consistency(around(2000, 0.01, 6, 5), around(200, 0.01, 15, 6), inc);
  CHECK_FALSE(cache.consistent);
  CHECK(cache.ratio == doctest::Approx(10).epsilon(0.05));
  CHECK(cache.reason.find("outside") != std::string::npos);
  CHECK_FALSE(
      timing_consistency(around(6900, 0.01, 6, 7), around(100, 0.01, 15, 8), inc).consistent);
  // Fast when gated, slow when paired disagrees as well.
  CHECK_FALSE(
      timing_consistency(around(100, 0.01, 6, 9), around(150, 0.01, 15, 10), inc).consistent);
  // Just inside and just outside the slack.
  CHECK(timing_consistency(std::vector<double>(6, 124), std::vector<double>(15, 100), inc)
            .consistent);
  CHECK_FALSE(timing_consistency(std::vector<double>(6, 126), std::vector<double>(15, 100), inc)
                  .consistent);
}

TEST_CASE("timing consistency: the band comes from the incumbent's spread, not the candidate's") {
  // tests/cheats/cheat_gate_padded: 330 us while gated; paired, 7 samples at 330 and 8 at 130.
  // Its own paired spread is huge (relative IQR 1.5): were it the noise, the band would
  // swallow the gap. The incumbent's spread is what the session's noise is.
  std::vector<double> bimodal(7, 330.0);
  bimodal.insert(bimodal.end(), 8, 130.0);
  auto c = timing_consistency(around(330, 0.01, 6, 11), bimodal, around(115, 0.01, 15, 12));
  CHECK_FALSE(c.consistent);
  CHECK(c.ratio == doctest::Approx(330.0 / 130).epsilon(0.02));
  // A noisy session (incumbent relative IQR ~0.5) widens the band to 1 + 4 * 0.5 = 3.
  std::vector<double> noisy{50, 75, 100, 125, 150, 100, 100, 60, 140};
  auto n = timing_consistency(around(200, 0.01, 6, 13), around(100, 0.01, 15, 14), noisy);
  CHECK(n.allowed > 1.5);
  CHECK(n.consistent);
  // Too few samples decide nothing; non-finite or non-positive samples are not evidence.
  CHECK(timing_consistency({100, 100}, bimodal, noisy).consistent);
  CHECK(timing_consistency({}, bimodal, noisy).reason.find("too few") != std::string::npos);
  double nan = std::nan("");
  CHECK(timing_consistency({nan, -1, 0, 100}, bimodal, noisy).consistent);
}
