// The physical floor on every sequence a paired verdict reads (engine/backend/pair_floor.h): red
// team 19's residual, the law pairs' times were not held to it.
#include <doctest/doctest.h>

#include "engine/backend/pair_floor.h"

using namespace solver::engine;

TEST_CASE("the floor's median and margin: 70% of the floor, an unknown floor never breached") {
  CHECK(floor_median({}) == 0);
  CHECK(floor_median({5, 1, 3}) == 3);
  CHECK(floor_median({4, 1, 3, 2}) == 3);  // the upper median, as the gate always read it
  CHECK(under_floor(69, 100));
  CHECK_FALSE(under_floor(70, 100));
  CHECK_FALSE(under_floor(1, 0));    // floor unknown
  CHECK_FALSE(under_floor(0, 100));  // no times
}

TEST_CASE("a candidate under the floor on the law pairs alone is a breach of the law pairs") {
  PairSamples s;
  s.incumbent_us = {200, 201, 199, 200};
  s.candidate_us = {120, 121, 119, 120};  // 1.2x the floor of 100: fine
  CHECK_FALSE(pair_floor_breach(s, 100).has_value());
  // The law pairs (P6d): the same candidate at 40 us on law data, under 70 us. Before, only
  // the timed pairs were held to the floor and this passed.
  s.law_incumbent_us = {200, 200, 200, 200};
  s.law_candidate_us = {40, 41, 39, 40};
  auto b = pair_floor_breach(s, 100);
  REQUIRE(b.has_value());
  CHECK(b->where == "the law pairs");
  CHECK(b->median_us == 40);
  // Under on the timed pairs: named first, as the worker checks them before the law pairs run.
  s.candidate_us = {50, 50, 50};
  b = pair_floor_breach(s, 100);
  REQUIRE(b.has_value());
  CHECK(b->where == "paired timing");
  // Above the floor on both, and an unknown floor: nothing.
  s.candidate_us = {120};
  s.law_candidate_us = {80, 75, 90};
  CHECK_FALSE(pair_floor_breach(s, 100).has_value());
  s.law_candidate_us = {1};
  CHECK_FALSE(pair_floor_breach(s, 0).has_value());
}
