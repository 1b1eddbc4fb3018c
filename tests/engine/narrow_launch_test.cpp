// Lanes the launch never gives (issue 29, helper c37; docs/rules.md, the section of that name):
// HeCBench's dslash make_back, launched with one-thread blocks (tests/corpus_fresh24, a
// whole-warp block whose lane 0 works behind `if (threadIdx.x != 0) return;`), was named
// cache_resident_reuse on its live H100 run: each lane's 18 scalar loads of a 72-byte matrix hit
// L1 on the rest of each sector, and a one-sector request read as a broadcast's reuse. With the
// launch shape known (the code's lane guard, or a block of one thread as an ncu export of the
// origin's launch reports it) the verdict is no class with the narrow_launch mechanism; without
// it the counters alone cannot tell absent lanes from divergent ones and narrow_launch stays
// out. The labelled divergence kernel (full blocks, no guard) keeps warp_divergence.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "classify_json.h"

using nlohmann::json;

namespace {
const std::string kSrc = SOLVER_SOURCE_DIR;
const std::string kMakeBackLive = "/docs/results/h100-2026-12-07b/call1/probe_fresh24/signals";
}  // namespace

TEST_CASE("a one-lane block's work is the launch shape's, not reuse and not divergence") {
  json f = solver::test::signal_file(kSrc + kMakeBackLive, "hecb_dslash_make_back");
  REQUIRE(solver::test::signal_value(f, "block_threads") == 32);
  REQUIRE(solver::test::signal_value(f, "warp_efficiency") < 0.05);

  // The code's guard, as eval and the live profile scan it: one lane of the 32.
  json guarded = f;
  guarded["signals"]["code_guard_lanes"] = 1;
  json v = solver::test::classify_signals(guarded, "narrow_make_back", "h100_sxm");
  CHECK(solver::test::fired_rule(v) == "narrow_launch");
  CHECK(solver::test::fired_bottleneck(v) == "unexplained");
  CHECK(solver::test::ranked_estimate(v, "narrow_launch") > 0.25);
  // The absent lanes are neither divergence's nor a reuse the L1 serves.
  CHECK(solver::test::ranked_estimate(v, "warp_divergence") < 0.05);
  CHECK(solver::test::ranked_estimate(v, "cache_resident_reuse") < 0.05);

  // The origin's launch as an ncu export reports it, blocks of one thread, no code scanned.
  json one_thread = f;
  one_thread["signals"]["block_threads"] = 1;
  json o = solver::test::classify_signals(one_thread, "narrow_one_thread", "h100_sxm");
  CHECK(solver::test::fired_rule(o) == "narrow_launch");

  // Neither known: the counters alone do not name the launch shape.
  json bare = solver::test::classify_signals(f, "narrow_bare", "h100_sxm");
  CHECK(solver::test::ranked_estimate(bare, "narrow_launch") < 0);
}

TEST_CASE("divergence in full blocks stays divergence") {
  json f = solver::test::signal_file(kSrc + "/tests/data/labelled_h200", "warp_divergence");
  REQUIRE(solver::test::signal_value(f, "block_threads") == 256);
  json v = solver::test::classify_signals(f, "narrow_divergence");
  CHECK(solver::test::fired_rule(v) == "warp_divergence");
  CHECK(solver::test::ranked_estimate(v, "narrow_launch") < 0);
}
