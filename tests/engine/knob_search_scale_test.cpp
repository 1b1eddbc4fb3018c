// The ON track's knob search and pool sweep (engine/loop/pool_search.h) on a large synthetic
// knob space: a GEMM-like variant with eight knobs and the constraints of a register-tiled
// kernel (1,000+ admitted points), timed by a deterministic function with interactions (the
// register tile's best size depends on the block tile; double buffering pays only with a long
// K step; padding only for some tile widths), not by an additive model. The search is driven
// as the loop drives it past the rules (no hypothesis): the knob search while it has a step,
// then the sweep; a point at least 1% faster is kept. It must reach within 2% of the space's
// best in far fewer measurements than random order needs on average.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "engine/loop/knob_screen.h"
#include "engine/loop/pool_search.h"
#include "generators/variant_space.h"
#include "knob_space.h"

using namespace solver;

namespace {
const char* kVariants = R"YAML(seed: tiled
variants:
  - id: tiled
    source: k.cu
    entry: tiled
    args: [A, B, C, M, N, K]
    knobs:
      BM: {values: [32, 64, 128, 256], default: 64}
      BN: {values: [32, 64, 128, 256], default: 64}
      BK: {values: [8, 16, 32, 64], default: 8}
      TM: {values: [2, 4, 8], default: 4}
      TN: {values: [2, 4, 8], default: 4}
      VEC: {values: [1, 2, 4], default: 1}
      PAD: {values: [0, 1], default: 0}
      DB: {values: [0, 1], default: 0}
    constraints:
      - "(BM / TM) * (BN / TN) >= 64"
      - "(BM / TM) * (BN / TN) <= 256"
      - "TM * TN >= 4"
      - "VEC <= BK"
      - "(BM * BK / VEC) % ((BM / TM) * (BN / TN)) == 0"
      - "(BK * BN / VEC) % ((BM / TM) * (BN / TN)) == 0"
      - "(1 + DB) * BK * (BM + PAD + BN) * 4 <= 98304"
    grid: [N / BN, M / BM]
    block: ["(BM / TM) * (BN / TN)"]
)YAML";

double l2(double x) { return std::log2(x); }

// Microseconds at a point: a smooth bowl per knob plus interactions.
double time_us(const generators::KnobValues& k) {
  const double bm = l2(double(k.at("BM"))), bn = l2(double(k.at("BN")));
  const double bk = l2(double(k.at("BK"))), tm = l2(double(k.at("TM")));
  const double tn = l2(double(k.at("TN"))), vec = double(k.at("VEC"));
  const double tile = bm + bn;  // 10 .. 16
  double t = 100;
  t *= 1 + 0.05 * (tile - 14) * (tile - 14);  // 128x128 best
  t *= 1 + 0.04 * (bk - 5) * (bk - 5);        // BK 32 best
  t *= 1 + 0.06 * (tm + tn - (tile - 10) / 2 - 3) * (tm + tn - (tile - 10) / 2 - 3);
  t *= vec == 4 ? 0.85 : vec == 2 ? 0.93 : 1.0;             // wider loads
  if (k.at("DB")) t *= bk >= 5 ? 0.92 : 1.04;               // pays with a long K step
  if (k.at("PAD")) t *= (k.at("BN") >= 128) ? 0.95 : 1.02;  // bank conflicts of wide tiles
  return t;
}
}  // namespace

TEST_CASE("the knob search reaches 2% of a 1,000+ point space's best in a fraction of random's") {
  test::KnobSpace space("gemm_space", kVariants);
  const generators::ProblemSpec& spec = space.spec;
  const generators::VariantSpec& v = *spec.find_variant("tiled");
  double best = std::numeric_limits<double>::infinity();
  int points = 0, within = 0;
  generators::KnobValues start;
  generators::for_each_knob_point(spec, v, [&](const generators::KnobValues& k) {
    if (!generators::knob_point_allowed(spec, v, k)) return true;
    ++points;
    best = std::min(best, time_us(k));
    return true;
  });
  generators::for_each_knob_point(spec, v, [&](const generators::KnobValues& k) {
    if (generators::knob_point_allowed(spec, v, k) && time_us(k) <= 1.02 * best) ++within;
    return true;
  });
  REQUIRE(points >= 1000);
  REQUIRE(within >= 1);
  const double random_mean = double(points + 1) / double(within + 1);  // draws to the first hit

  auto seed = generators::default_knob_point(spec, v, {}, nullptr, nullptr);
  REQUIRE(seed);
  space.timed[space.start("tiled", *seed)] = time_us(*seed);
  auto& tried = space.tried;
  auto& timed = space.timed;
  auto& r = space.r;
  double inc_us = time_us(*seed);
  int measured = 1, reached = 0;
  while (measured < 60 && !reached) {
    auto step = engine::knob_search(r);
    if (!step) step = engine::pool_sweep(r);
    REQUIRE(step);
    const auto& k = step->candidate.knobs;
    const std::string key = generators::variant_key("tiled", k);
    REQUIRE_FALSE(tried.count(key));  // never a point twice
    tried.insert(key);
    const double t = time_us(k);
    timed[key] = t;
    ++measured;
    if (t < 0.99 * inc_us) r.incumbent.knobs = k, inc_us = t;
    if (inc_us <= 1.02 * best) reached = measured;
  }
  MESSAGE(points << " points, " << within << " within 2% (random order: " << random_mean
                 << " on average); the search: " << reached);
  CHECK(reached > 0);
  CHECK(reached <= random_mean / 2);
  // 26 measurements today (37 before a coupled step could follow a part the model says loses,
  // instead of waiting for it to be measured): a regression guard with some margin.
  CHECK(reached <= 32);
}

// The screening batch (engine/loop/knob_screen.h) on the same space: each round measures the
// knob search's step and the knob GP's pick and keeps the faster when it beats the incumbent
// by 1%, as the ON track does with --screen 2.
TEST_CASE("the screening batch: untried admitted picks, and fewer rounds than one point a round") {
  test::KnobSpace space("gemm_space", kVariants);
  const generators::ProblemSpec& spec = space.spec;
  const generators::VariantSpec& v = *spec.find_variant("tiled");
  double best = std::numeric_limits<double>::infinity();
  generators::for_each_knob_point(spec, v, [&](const generators::KnobValues& k) {
    if (generators::knob_point_allowed(spec, v, k)) best = std::min(best, time_us(k));
    return true;
  });
  auto seed = generators::default_knob_point(spec, v, {}, nullptr, nullptr);
  REQUIRE(seed);
  const std::string seed_key = space.start("tiled", *seed);  // not timed yet
  auto& tried = space.tried;
  auto& timed = space.timed;
  auto& r = space.r;
  CHECK(engine::admitted_points(r, v) >= 1000);
  // Nothing timed of the variant: the model has no data, no pick.
  CHECK(engine::screen_batch(r, v, "", 3).empty());
  timed[seed_key] = time_us(*seed);
  // One timed point: its expected improvement is flat, no pick (knob_screen.h).
  CHECK(engine::screen_batch(r, v, "", 3).empty());
  auto second = *seed;
  second["VEC"] = second.at("VEC") == 1 ? 2 : 1;
  REQUIRE(generators::knob_point_allowed(spec, v, second));
  const std::string second_key = generators::variant_key("tiled", second);
  tried.insert(second_key);
  timed[second_key] = time_us(second);
  auto picks = engine::screen_batch(r, v, "", 3);
  REQUIRE(picks.size() == 3);
  std::set<std::string> keys;
  for (const auto& p : picks) {
    const std::string key = generators::variant_key("tiled", p.candidate.knobs);
    CHECK_FALSE(tried.count(key));
    CHECK(generators::knob_point_allowed(spec, v, p.candidate.knobs));
    keys.insert(key);
  }
  CHECK(keys.size() == 3);  // the believer spreads the batch
  // `besides` (the rule's own candidate) is never picked again.
  auto again = engine::screen_batch(r, v, *keys.begin(), 3);
  for (const auto& p : again)
    CHECK(generators::variant_key("tiled", p.candidate.knobs) != *keys.begin());

  double inc_us = time_us(*seed);
  int rounds = 0, measured = 2, reached = 0;  // the seed and the second point above
  while (rounds < 40 && !reached) {
    ++rounds;
    auto step = engine::knob_search(r);
    if (!step) step = engine::pool_sweep(r);
    REQUIRE(step);
    std::vector<generators::KnobValues> batch{step->candidate.knobs};
    const std::string first = generators::variant_key("tiled", step->candidate.knobs);
    for (const auto& p : engine::screen_batch(r, v, first, 1)) batch.push_back(p.candidate.knobs);
    const generators::KnobValues* fastest = nullptr;
    for (const auto& k : batch) {
      const std::string key = generators::variant_key("tiled", k);
      REQUIRE_FALSE(tried.count(key));
      tried.insert(key);
      timed[key] = time_us(k);
      ++measured;
      if (!fastest || time_us(k) < time_us(*fastest)) fastest = &k;
    }
    if (time_us(*fastest) < 0.99 * inc_us) r.incumbent.knobs = *fastest, inc_us = time_us(*fastest);
    if (inc_us <= 1.02 * best) reached = rounds;
  }
  MESSAGE("screening batch of 2: within 2% at round " << reached << " (" << measured
                                                      << " measurements)");
  CHECK(reached > 0);
  // One point a round needs 25 rounds here (the test above); two a round must need fewer
  // rounds. Not fewer measurements on this function: 35 against 26 today (the smooth bowls
  // suit the one-knob climb), so the bound is a regression guard, not a claim.
  CHECK(reached < 25);
  CHECK(measured <= 40);
}

TEST_CASE("the screening batch leaves out a knob value every one-knob comparison timed slower") {
  test::KnobSpace space("gemm_space", kVariants);
  const generators::ProblemSpec& spec = space.spec;
  const generators::VariantSpec& v = *spec.find_variant("tiled");
  auto seed = generators::default_knob_point(spec, v, {}, nullptr, nullptr);
  REQUIRE(seed);
  const std::string seed_key = space.start("tiled", *seed);
  auto& r = space.r;
  space.timed[seed_key] = 100.0;  // the fastest timed point: the region's centre
  // PAD 0 -> 1 timed slower, the other knobs the centre's: PAD=1 is settled.
  auto padded = *seed;
  padded["PAD"] = 1;
  REQUIRE(generators::knob_point_allowed(spec, v, padded));
  const std::string padded_key = generators::variant_key("tiled", padded);
  space.tried.insert(padded_key);
  space.timed[padded_key] = 104.0;
  // A point two knobs away says nothing about one knob alone.
  auto far = *seed;
  far["VEC"] = 2;
  far["DB"] = 1;
  REQUIRE(generators::knob_point_allowed(spec, v, far));
  const std::string far_key = generators::variant_key("tiled", far);
  space.tried.insert(far_key);
  space.timed[far_key] = 103.0;
  auto picks = engine::screen_batch(r, v, "", 40);
  REQUIRE(picks.size() == 40);
  for (const auto& p : picks) CHECK(p.candidate.knobs.at("PAD") == 0);
  // Once PAD=1 is timed faster somewhere against PAD=0 (the other knobs equal), it is open.
  auto other = *seed;
  other["VEC"] = 2;
  auto other_padded = other;
  other_padded["PAD"] = 1;
  REQUIRE(generators::knob_point_allowed(spec, v, other));
  REQUIRE(generators::knob_point_allowed(spec, v, other_padded));
  for (const auto& [k, t] : {std::pair{other, 101.0}, std::pair{other_padded, 100.5}}) {
    const std::string key = generators::variant_key("tiled", k);
    space.tried.insert(key);
    space.timed[key] = t;
  }
  bool padded_pick = false;
  for (const auto& p : engine::screen_batch(r, v, "", 60))
    padded_pick = padded_pick || p.candidate.knobs.at("PAD") == 1;
  CHECK(padded_pick);
}
