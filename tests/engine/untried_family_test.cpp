// untried_family (engine/loop/pool_search.h): past the rules, a variant family no point of which
// was measured, nearest the incumbent in the pool's rewrite tree, at its default point. On
// problems/stencil3d_r4 (naive -> march, naive -> vec_star) and problems/layernorm_768 (naive ->
// warp_rows -> two_warp, block_row, rows_ilp, cta_row).
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>

#include "engine/loop/pool_search.h"
#include "generators/problem_loader.h"
#include "generators/variant_space.h"
#include "rules/chips.h"

using namespace solver;

namespace {
struct Fixture {
  explicit Fixture(const char* problem)
      : spec(generators::load_problem(std::string(SOLVER_SOURCE_DIR) + "/problems/" + problem)) {}
  generators::ProblemSpec spec;
  rules::ChipProfile chip =
      *rules::load_chip_table(std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml").find("h200");
  std::set<std::string> tried;
  std::map<std::string, double> timed;
  engine::SearchRequest request(const std::string& variant, generators::KnobValues knobs) {
    engine::SearchRequest r;
    r.spec = &spec;
    r.incumbent.variant = variant;
    r.incumbent.knobs = std::move(knobs);
    r.tried = &tried;
    r.chip = &chip;
    r.timed_us = &timed;
    return r;
  }
};
}  // namespace

TEST_CASE("a sibling family nobody measured, while the incumbent's knob space is far from spent") {
  Fixture f("stencil3d_r4");
  const generators::KnobValues march = {{"BX", 32},  {"BY", 16}, {"QUEUE", 1},
                                        {"SMEM", 1}, {"XPT", 2}, {"ZB", 16}};
  f.tried = {"naive", generators::variant_key("march", march)};
  auto step = engine::untried_family(f.request("march", march));
  REQUIRE(step);
  CHECK(step->candidate.variant == "vec_star");
  CHECK(step->candidate.kind == generators::CandidateKind::Descendant);
  CHECK(step->hypothesis == "vectorize_loads");  // its edge's first hypothesis
  CHECK(step->candidate.reason.find("2 rewrite step(s) from 'march'") != std::string::npos);
  // One point of vec_star measured: the family is no longer untried, and none is left.
  f.tried.insert(generators::variant_key("vec_star", {{"BLOCK", 128}, {"VPT", 8}}));
  CHECK_FALSE(engine::untried_family(f.request("march", march)));
  // The seed itself is an ancestor, never a candidate; from the seed both children are one
  // step away and file order decides (march first), unless march was measured.
  f.tried = {"naive"};
  auto from_seed = engine::untried_family(f.request("naive", {}));
  REQUIRE(from_seed);
  CHECK(from_seed->candidate.variant == "march");
}

TEST_CASE("nearer families first: the incumbent's own children before its siblings' subtrees") {
  Fixture f("layernorm_768");
  // From two_warp (a child of warp_rows): warp_rows is an ancestor; block_row, rows_ilp and
  // cta_row are two steps away (up to warp_rows, down one), in file order.
  f.tried = {"naive", "warp_rows[THREADS=256,WPR=1]", "two_warp[ROWS=4]"};
  auto step = engine::untried_family(f.request("two_warp", {{"ROWS", 4}}));
  REQUIRE(step);
  CHECK(step->candidate.variant == "block_row");
  f.tried.insert("block_row");
  step = engine::untried_family(f.request("two_warp", {{"ROWS", 4}}));
  REQUIRE(step);
  CHECK(step->candidate.variant == "rows_ilp");
  // From warp_rows the same four are children, one step away: two_warp first in file order.
  f.tried = {"naive", "warp_rows[THREADS=256,WPR=1]"};
  step = engine::untried_family(f.request("warp_rows", {{"THREADS", 256}, {"WPR", 1}}));
  REQUIRE(step);
  CHECK(step->candidate.variant == "two_warp");
  CHECK(step->candidate.reason.find("1 rewrite step(s)") != std::string::npos);
}
