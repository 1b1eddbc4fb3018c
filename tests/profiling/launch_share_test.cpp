// The dominant launch of a profiled run and its share (profiling/launch_share.h), and the two
// signals a live profile derives from it.
#include <limits>

#include <doctest/doctest.h>

#include "profiling/launch_share.h"
#include "profiling/signal_derivation.h"

using namespace solver::profiling;

TEST_CASE("the longest launch and its share of the run") {
  auto d = dominant_launch({10.0, 70.0, 20.0});
  REQUIRE(d);
  CHECK(d->index == 1);
  CHECK(d->share == doctest::Approx(0.7));
  auto one = dominant_launch({5.0});
  REQUIRE(one);
  CHECK(one->index == 0);
  CHECK(one->share == 1.0);
  // Equal maxima: the first, so the choice is stable from run to run of the same durations.
  auto tie = dominant_launch({3.0, 3.0, 1.0});
  REQUIRE(tie);
  CHECK(tie->index == 0);
  CHECK(tie->share == doctest::Approx(3.0 / 7.0));
}

TEST_CASE("nothing to weigh: no launches, a zero total, a bad duration") {
  CHECK_FALSE(dominant_launch({}));
  CHECK_FALSE(dominant_launch({0.0, 0.0}));
  CHECK_FALSE(dominant_launch({1.0, -1.0}));
  CHECK_FALSE(dominant_launch({1.0, std::numeric_limits<double>::quiet_NaN()}));
  CHECK_FALSE(dominant_launch({1.0, std::numeric_limits<double>::infinity()}));
}

TEST_CASE("weight and dominant_launch reach the signals; absent, they stay missing") {
  DerivationInput in;
  in.weight = 0.7;
  in.dominant_launch = 1.0;
  Derivation d = derive_signals(in);
  CHECK(std::get<double>(d.signals.get("weight")) == doctest::Approx(0.7));
  CHECK(std::get<double>(d.signals.get("dominant_launch")) == 1.0);
  DerivationInput none;
  Derivation m = derive_signals(none);
  CHECK(solver::rules::is_missing(m.signals.get("dominant_launch")));
}
