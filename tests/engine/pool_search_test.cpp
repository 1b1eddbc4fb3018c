// The ON track's knob search (engine/loop/pool_search.h) on a built-in pool, problems/
// triangle_contraction: its regtile variant has two knobs (TI, TJ in {2, 4, 8}) whose best
// point, (8, 8), no one-knob step reaches from (4, 4) when each side alone is slower (the
// recorded H200 pool). The coupled step must come after every one-knob step and before the
// track leaves the variant. The knob model (engine/loop/knob_model.h): an additive fit in log
// time that predicts a combination it never measured, a jump to it, and a move it predicts
// slower put last. Pattern search's expansion: the next value along a knob whose steps were timed
// faster but not kept.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "engine/loop/knob_model.h"
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
  int incumbent_ti = 4;
  engine::SearchRequest request() {
    engine::SearchRequest r;
    r.spec = &spec;
    r.incumbent.variant = "regtile";
    r.incumbent.knobs = {{"TI", incumbent_ti}, {"TJ", 4}};
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

TEST_CASE("the knob model predicts an unmeasured combination from additive effects") {
  Fixture f;
  const generators::VariantSpec& v = *f.spec.find_variant("regtile");
  // TI 2 -> 8 makes it 20% faster at TJ = 2, TJ 2 -> 8 10% faster at TI = 2.
  std::map<std::string, double> timed{{key(2, 2), 120.0}, {key(8, 2), 96.0}, {key(2, 8), 108.0}};
  engine::KnobModel m(v, timed);
  CHECK(m.points() == 3);
  CHECK(m.all_measured({{"TI", 8}, {"TJ", 8}}));
  CHECK_FALSE(m.all_measured({{"TI", 4}, {"TJ", 8}}));
  auto p = m.predict({{"TI", 8}, {"TJ", 8}});
  REQUIRE(p);
  // Both effects combined (a little shrunk by the ridge): faster than any point measured.
  CHECK(std::exp(*p) < 96.0);
  CHECK(std::exp(*p) == doctest::Approx(120.0 * 0.8 * 0.9).epsilon(0.06));
  // TI = 4 was never measured: it takes its nearest measured neighbour's effect (8 and 2 are
  // one step away each; the lower value wins the tie), so no claim it is faster than either.
  auto e4 = m.effect("TI", 4), e2 = m.effect("TI", 2);
  REQUIRE(e4);
  CHECK(*e4 == doctest::Approx(*e2));
  // Another variant's keys and non-positive times are no data.
  timed["smem[KT=8,TT=4]"] = 50.0;
  timed[key(4, 4)] = 0;
  CHECK(engine::KnobModel(v, timed).points() == 3);
}

TEST_CASE("the knob search jumps to the combination the model predicts faster") {
  Fixture f;
  // Measured while the track was elsewhere: TI = 8 and TJ = 8 each faster at TJ/TI = 2; the
  // incumbent (4, 4) is slower than their combination is predicted to be.
  f.tried = {key(4, 4), key(2, 2), key(8, 2), key(2, 8), key(2, 4), key(4, 2)};
  f.timed = {{key(4, 4), 100.0}, {key(2, 2), 120.0}, {key(8, 2), 96.0},
             {key(2, 8), 108.0}, {key(2, 4), 118.0}, {key(4, 2), 101.0}};
  auto step = engine::knob_search(f.request());
  REQUIRE(step);
  // A one-knob climb would try (8, 4) first (up before down); the model goes to (8, 8).
  CHECK(step->candidate.knobs.at("TI") == 8);
  CHECK(step->candidate.knobs.at("TJ") == 8);
  CHECK(step->candidate.reason.find("knob model") != std::string::npos);
  // Without the measurements elsewhere there is nothing to combine: a one-knob step.
  f.timed = {{key(4, 4), 100.0}};
  auto plain = engine::knob_search(f.request());
  REQUIRE(plain);
  CHECK(plain->candidate.reason.find("knob model") == std::string::npos);
  CHECK(plain->candidate.knobs.at("TI") == 8);
  CHECK(plain->candidate.knobs.at("TJ") == 4);
}

TEST_CASE("a move the model predicts slower (learned at another point) goes last") {
  Fixture f;
  f.incumbent_ti = 8;
  // TJ 4 -> 8 was 30% slower at TI = 4; from (8, 4) no exact pair says so, the model does.
  f.tried = {key(8, 4), key(4, 4), key(4, 8)};
  f.timed = {{key(8, 4), 100.0}, {key(4, 4), 105.0}, {key(4, 8), 137.0}};
  std::vector<std::string> order;
  for (auto step = engine::knob_search(f.request()); step;
       step = engine::knob_search(f.request())) {
    order.push_back(generators::variant_key("regtile", step->candidate.knobs));
    f.tried.insert(order.back());
    if (order.size() > 8) break;
  }
  REQUIRE(order.size() >= 3);
  // Up before down would make (8, 8) first; the model puts it after the move it has nothing
  // against, (8, 2). (TI 8 -> 2 is modelled slower too: 8 -> 4 was, and 2 is past 4.)
  CHECK(order.front() == key(8, 2));
  CHECK(std::find(order.begin(), order.end(), key(8, 8)) != order.end());
}

TEST_CASE("expansion: a step timed faster but not kept leads to the next value that way") {
  Fixture f;
  f.incumbent_ti = 2;
  // TI 2 -> 4 was timed 0.5% faster (under the keep rule's minimum gain: not kept).
  f.tried = {key(2, 4), key(4, 4)};
  f.timed = {{key(2, 4), 100.0}, {key(4, 4), 99.5}};
  auto step = engine::knob_search(f.request());
  REQUIRE(step);
  // Without it the climb takes the untried neighbours first (TJ 4 -> 8, up before down).
  CHECK(step->candidate.knobs.at("TI") == 8);
  CHECK(step->candidate.knobs.at("TJ") == 4);
  CHECK(step->candidate.reason.find("expansion") != std::string::npos);
  // Timed slower that way: no expansion, the ordinary neighbour comes first.
  f.timed[key(4, 4)] = 100.5;
  step = engine::knob_search(f.request());
  REQUIRE(step);
  CHECK(step->candidate.reason.find("expansion") == std::string::npos);
  CHECK(step->candidate.knobs.at("TI") == 2);
  // Nothing timed that way (only tried, e.g. a failed gate): no expansion either.
  f.timed.erase(key(4, 4));
  step = engine::knob_search(f.request());
  REQUIRE(step);
  CHECK(step->candidate.reason.find("expansion") == std::string::npos);
}

TEST_CASE("pool sweep: equally near points, the one continuing the way it got faster first") {
  for (bool along_ti : {true, false}) {
    Fixture f;
    // The incumbent is another variant; every point but regtile's is tried.
    for (const auto& v : f.spec.variants)
      if (v.id != "regtile")
        generators::for_each_knob_point(f.spec, v, [&](const generators::KnobValues& k) {
          f.tried.insert(generators::variant_key(v.id, k));
          return true;
        });
    // regtile got faster from (2, 4) to (4, 4) (or from (4, 2)): its fastest timed point.
    const std::string behind = along_ti ? key(2, 4) : key(4, 2);
    f.tried.insert({behind, key(4, 4)});
    f.timed = {{behind, 110.0}, {key(4, 4), 100.0}};
    engine::SearchRequest r = f.request();
    r.incumbent.variant = "coalesced";
    r.incumbent.knobs.clear();
    auto step = engine::pool_sweep(r);
    REQUIRE(step);
    CHECK(step->candidate.variant == "regtile");
    // Three untried points are one value from (4, 4); the sweep goes on the way it came.
    CHECK(generators::variant_key("regtile", step->candidate.knobs) ==
          (along_ti ? key(8, 4) : key(4, 8)));
  }
}

TEST_CASE("deepest_for: the deepest variant whose own edge applies the hypothesis") {
  // problems/reduce: naive -> sequential (increase_ilp) -> shuffle (use_warp_shuffle) ->
  // vec_ilp (vectorize_loads, increase_ilp).
  generators::ProblemSpec spec =
      generators::load_problem(std::string(SOLVER_SOURCE_DIR) + "/problems/reduce");
  rules::ChipProfile chip =
      *rules::load_chip_table(std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml").find("h200");
  std::set<std::string> tried{"naive"};
  engine::SearchRequest r;
  r.spec = &spec;
  r.incumbent.variant = "naive";
  r.tried = &tried;
  r.chip = &chip;
  r.hypothesis = "increase_ilp";
  auto step = engine::deepest_for(r);
  REQUIRE(step);
  CHECK(step->candidate.variant == "vec_ilp");
  CHECK(step->candidate.kind == generators::CandidateKind::Descendant);
  // Every point of vec_ilp tried: the next deepest, sequential (a child).
  generators::for_each_knob_point(spec, *spec.find_variant("vec_ilp"),
                                  [&](const generators::KnobValues& k) {
                                    tried.insert(generators::variant_key("vec_ilp", k));
                                    return true;
                                  });
  step = engine::deepest_for(r);
  REQUIRE(step);
  CHECK(step->candidate.variant == "sequential");
  // A hypothesis only a shallow edge applies keeps to it; one no edge applies: nothing.
  r.hypothesis = "use_warp_shuffle";
  step = engine::deepest_for(r);
  REQUIRE(step);
  CHECK(step->candidate.variant == "shuffle");
  r.hypothesis = "use_tma";
  CHECK_FALSE(engine::deepest_for(r));
}
