// Where the ON track enters a large knob space (engine/loop/knob_start.h): the point nearest
// the space's centre, every two-valued switch on, not the variant's default corner; only for a
// variant of 256+ admitted points that the track has not timed yet.
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>

#include "engine/loop/knob_screen.h"
#include "engine/loop/knob_start.h"
#include "generators/variant_space.h"
#include "knob_space.h"

using namespace solver;

namespace {
const char* kVariants = R"YAML(seed: naive
variants:
  - id: naive
    source: k.cu
    entry: naive
    args: [A, B, C, M, N, K]
    grid: [N / 16, M / 16]
    block: [16, 16]
  - id: tiled
    parent: naive
    applies: [add_smem_tiling]
    source: k.cu
    entry: tiled
    args: [A, B, C, M, N, K]
    knobs:
      BM: {values: [32, 64, 128, 256], default: 32}
      BN: {values: [32, 64, 128, 256], default: 32}
      BK: {values: [8, 16, 32], default: 8}
      TM: {values: [2, 4, 8], default: 2}
      TN: {values: [2, 4, 8], default: 2}
      VEC: {values: [1, 2, 4], default: 1}
      PAD: {values: [0, 1], applies: [fix_bank_conflicts], default: 0}
      DB: {values: [0, 1], applies: [async_copy_pipeline], default: 0}
    constraints:
      - "(BM / TM) * (BN / TN) >= 64"
      - "(BM / TM) * (BN / TN) <= 256"
      - "PAD == 0 or BK >= 16"
    grid: [N / BN, M / BM]
    block: ["(BM / TM) * (BN / TN)"]
  - id: small
    parent: naive
    applies: [increase_ilp]
    source: k.cu
    entry: small
    args: [A, B, C, M, N, K]
    knobs:
      ILP: {values: [1, 2, 4, 8], default: 1}
      FLAG: {values: [0, 1], default: 0}
    grid: [N / 16, M / 16]
    block: [256]
)YAML";

// naive timed at 100 us, the incumbent.
struct Space : test::KnobSpace {
  Space() : KnobSpace("start_space", kVariants) { timed[start("naive", {})] = 100.0; }
};
}  // namespace

TEST_CASE("a large knob space is entered at its centre with every switch on") {
  Space s;
  const auto& v = *s.spec.find_variant("tiled");
  REQUIRE(engine::admitted_points(s.r, v) >= 256);
  auto start = engine::centre_start(s.r, v, 256);
  REQUIRE(start);
  CHECK(generators::knob_point_allowed(s.spec, v, *start));
  // Three-valued knobs at their middle value; switches on (PAD=1 needs BK >= 16: BK=16 is
  // the middle anyway); four-valued tiles at one of the two middle values, the nearer the
  // default (32) first: 64, unless the thread-count constraint rules it out.
  CHECK(start->at("TM") == 4);
  CHECK(start->at("TN") == 4);
  CHECK(start->at("VEC") == 2);
  CHECK(start->at("BK") == 16);
  CHECK(start->at("PAD") == 1);
  CHECK(start->at("DB") == 1);
  CHECK(start->at("BM") == 64);
  CHECK(start->at("BN") == 64);
  // No point of the space is nearer the centre (switches on) than the one chosen.
  auto dist = [&](const generators::KnobValues& k) {
    if (k.at("PAD") != 1 || k.at("DB") != 1) return 1e9;
    double d = 0;
    for (double x : engine::knob_coords(v, k)) d += (x - 0.5) * (x - 0.5);
    return d;
  };
  const double chosen = dist(*start);
  generators::for_each_knob_point(s.spec, v, [&](const generators::KnobValues& k) {
    if (generators::knob_point_allowed(s.spec, v, k)) CHECK(dist(k) >= chosen - 1e-9);
    return true;
  });
  // The default corner is far from it.
  CHECK(dist(*generators::default_knob_point(s.spec, v, {})) > chosen);
}

TEST_CASE("the centre start is only for a large space the track has not timed") {
  Space s;
  const auto& v = *s.spec.find_variant("tiled");
  // Once a point of the variant is timed, the knob search and the screening batch take over.
  auto start = engine::centre_start(s.r, v, 256);
  REQUIRE(start);
  const std::string key = generators::variant_key("tiled", *start);
  s.timed[key] = 50.0;
  s.tried.insert(key);
  CHECK_FALSE(engine::centre_start(s.r, v, 256));
  s.timed.erase(key);
  // Tried but not timed (a gate failure): the next nearest point, never the tried one.
  auto next = engine::centre_start(s.r, v, 256);
  REQUIRE(next);
  CHECK(generators::variant_key("tiled", *next) != key);
  // A small space (8 points) keeps its default point: the pools of h200.json are unchanged.
  const auto& small = *s.spec.find_variant("small");
  CHECK(engine::admitted_points(s.r, small) < 256);
  CHECK_FALSE(engine::centre_start(s.r, small, 256));
  CHECK(engine::centre_start(s.r, small, 8));
}

TEST_CASE("a large search is the pool's: a small variant of a large pool counts as large") {
  Space s;
  const auto& small = *s.spec.find_variant("small");
  const auto& tiled = *s.spec.find_variant("tiled");
  // The pool: naive's one point, the tiled space, small's eight.
  CHECK(engine::pool_points(s.r) ==
        1 + engine::admitted_points(s.r, tiled) + engine::admitted_points(s.r, small));
  CHECK(engine::pool_points(s.r) >= 256);
  // screen_round asks centre_start with no variant minimum once the pool is large: small's
  // centre (ILP at the middle of its log2 range, 2 or 4, the nearer the default: 2; FLAG on).
  auto start = engine::centre_start(s.r, small, 0);
  REQUIRE(start);
  CHECK(start->at("ILP") == 2);
  CHECK(start->at("FLAG") == 1);
  // The large search (screening, centre start, the tie keep) is the pool's, with a batch of 2+;
  // --screen 1 turns it off, and a threshold above the pool's size leaves it small.
  engine::ScreenSizes sizes;
  CHECK(engine::large_search(s.r, sizes));
  sizes.batch = 1;
  CHECK_FALSE(engine::large_search(s.r, sizes));
  sizes.batch = 2;
  sizes.min_points = engine::pool_points(s.r) + 1;
  CHECK_FALSE(engine::large_search(s.r, sizes));
  // Another precision class is out of the pool under --precision same.
  s.r.same_class = "fp64";
  CHECK(engine::pool_points(s.r) == 0);
  sizes.min_points = 256;
  CHECK_FALSE(engine::large_search(s.r, sizes));
}
