// The ON track's knob search (engine/loop/pool_search.h) on a built-in pool, problems/
// triangle_contraction: its regtile variant has two knobs (TI, TJ in {2, 4, 8}) whose best
// point, (8, 8), no one-knob step reaches from (4, 4) when each side alone is slower (the
// recorded H200 pool). The coupled step must come after every one-knob step and before the
// track leaves the variant.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "engine/loop/pool_search.h"
#include "generators/problem_loader.h"
#include "generators/variant_space.h"
#include "rules/chips.h"

using namespace solver;

namespace {
std::string key(int ti, int tj) {
  return generators::variant_key("regtile", {{"TI", ti}, {"TJ", tj}});
}
struct Fixture {
  generators::ProblemSpec spec =
      generators::load_problem(std::string(SOLVER_SOURCE_DIR) + "/problems/triangle_contraction");
  rules::ChipProfile chip =
      *rules::load_chip_table(std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml").find("h200");
  std::set<std::string> tried;
  std::map<std::string, double> timed;
  engine::SearchRequest request() {
    engine::SearchRequest r;
    r.spec = &spec;
    r.incumbent.variant = "regtile";
    r.incumbent.knobs = {{"TI", 4}, {"TJ", 4}};
    r.tried = &tried;
    r.chip = &chip;
    r.timed_us = &timed;
    return r;
  }
};
}  // namespace

TEST_CASE("one-knob steps come first; a coupled step only once both of its parts were tried") {
  Fixture f;
  f.tried = {key(4, 4)};
  std::set<std::string> seen;
  // Four one-knob neighbours of (4, 4), each tried in turn (none wins).
  for (int i = 0; i < 4; ++i) {
    auto step = engine::knob_search(f.request());
    REQUIRE(step);
    CHECK(step->candidate.reason.find("coupled") == std::string::npos);
    const auto& k = step->candidate.knobs;
    CHECK((k.at("TI") == 4) != (k.at("TJ") == 4));  // exactly one knob moved
    f.tried.insert(generators::variant_key("regtile", k));
    seen.insert(generators::variant_key("regtile", k));
  }
  CHECK(seen == std::set<std::string>{key(2, 4), key(8, 4), key(4, 2), key(4, 8)});
  // Then the coupled steps, both knobs up first: (8, 8).
  auto step = engine::knob_search(f.request());
  REQUIRE(step);
  CHECK(step->candidate.knobs.at("TI") == 8);
  CHECK(step->candidate.knobs.at("TJ") == 8);
  CHECK(step->candidate.reason.find("coupled") != std::string::npos);
}

TEST_CASE("no coupled step while one of its one-knob parts is untried") {
  Fixture f;
  f.tried = {key(4, 4), key(2, 4), key(8, 4), key(4, 2)};  // (4, 8) not yet
  auto step = engine::knob_search(f.request());
  REQUIRE(step);
  CHECK(step->candidate.knobs.at("TI") == 4);
  CHECK(step->candidate.knobs.at("TJ") == 8);
}

TEST_CASE("a coupled step that undoes a kept move goes last") {
  Fixture f;
  f.tried = {key(4, 4), key(2, 4), key(8, 4), key(4, 2), key(4, 8)};
  // (2, 4) -> (4, 4) was a kept move: going back down in TI is timed slower.
  f.timed = {{key(4, 4), 100.0}, {key(2, 4), 130.0}};
  std::vector<std::string> order;
  for (int i = 0; i < 4; ++i) {
    auto step = engine::knob_search(f.request());
    REQUIRE(step);
    order.push_back(generators::variant_key("regtile", step->candidate.knobs));
    f.tried.insert(order.back());
  }
  CHECK(order.front() == key(8, 8));
  // The two with TI going down (4 -> 2) after the two going up.
  CHECK(order[2].find("TI=2") != std::string::npos);
  CHECK(order[3].find("TI=2") != std::string::npos);
  CHECK_FALSE(engine::knob_search(f.request()));  // every neighbour tried: the sweep's turn
}
