// The knob search's leads (docs/loop.md, "Knob search"): a rejected candidate the paired timing
// resolved faster than the incumbent (the ratio's confidence interval above 1) by less than the
// keep rule's minimum gain is where the climb continues (TrackState::leads, SearchRequest::leads);
// and in the pool sweep a one-knob move the measurements say loses gives way to an untried
// point of another family that nothing speaks against. On problems/triangle_contraction's
// regtile (TI, TJ in {2, 4, 8}) and its other variants.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>

#include "engine/loop/pool_search.h"
#include "engine/loop/round_loop.h"
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
  std::map<std::string, double> timed, leads;
  engine::SearchRequest request() {
    engine::SearchRequest r;
    r.spec = &spec;
    r.incumbent.variant = "regtile";
    r.incumbent.knobs = {{"TI", 4}, {"TJ", 4}};
    r.tried = &tried;
    r.chip = &chip;
    r.timed_us = &timed;
    r.leads = &leads;
    return r;
  }
};

engine::RoundRecord rejected(const std::string& candidate, double ratio, double ci_low) {
  engine::RoundRecord r;
  r.round = 1;
  r.outcome = engine::Outcome::Rejected;
  r.candidate = candidate;
  engine::PairedDecision d;
  d.verdict = engine::Verdict::Same;
  d.median_ratio = ratio;
  d.ci_low = ci_low;
  d.ci_high = 2 * ratio - ci_low;
  d.candidate_median_us = 100 / ratio;
  r.verdict = d;
  return r;
}
}  // namespace

TEST_CASE("a lead recentres the climb on the point measured faster") {
  Fixture f;
  f.tried = {key(4, 4), key(8, 4)};
  f.timed = {{key(4, 4), 100.0}, {key(8, 4), 99.4}};
  // Without the lead: the incumbent's nearest untried neighbour, TI 4 -> 2 (the first knob).
  auto own = engine::knob_search(f.request());
  REQUIRE(own);
  CHECK(generators::variant_key("regtile", own->candidate.knobs) == key(2, 4));
  // (8, 4) resolved 0.6% faster, not kept: the climb goes on from there, TJ 4 -> 8.
  f.leads = {{key(8, 4), 1.006}};
  auto step = engine::knob_search(f.request());
  REQUIRE(step);
  CHECK(generators::variant_key("regtile", step->candidate.knobs) == key(8, 8));
  CHECK(step->candidate.reason.find("from the lead regtile[TI=8,TJ=4]") != std::string::npos);
  // A lead of another variant, or one not faster, does not move the centre.
  f.leads = {{key(8, 4), 0.998}, {"smem[KT=8,TT=4]", 1.01}};
  auto other = engine::knob_search(f.request());
  REQUIRE(other);
  CHECK(generators::variant_key("regtile", other->candidate.knobs) == key(2, 4));
}

TEST_CASE("the lead's moves the measurements say lose give way to the incumbent's open ones") {
  Fixture f;
  // TI = 2 is slow (measured at TJ = 2 and 4); TJ = 2 ~1% faster than TJ = 4. From the lead (8, 8)
  // the one untried move is TI 8 -> 2 (modelled slower); from the incumbent TJ 4 -> 2 is open.
  f.tried = {key(4, 4), key(8, 8), key(2, 2), key(2, 4), key(8, 4), key(4, 8), key(8, 2)};
  f.timed = {{key(4, 4), 100.0}, {key(8, 8), 99.3},  {key(2, 2), 137.5}, {key(2, 4), 139.0},
             {key(8, 4), 100.1}, {key(4, 8), 100.2}, {key(8, 2), 98.9}};
  f.leads = {{key(8, 8), 1.007}};
  auto step = engine::knob_search(f.request());
  REQUIRE(step);
  CHECK(generators::variant_key("regtile", step->candidate.knobs) == key(4, 2));
  CHECK(step->candidate.reason.find("from the lead") == std::string::npos);
  CHECK_FALSE(step->losing);
  // With TJ 4 -> 2 tried too, the one point left near both is measured: (2, 8), the incumbent's
  // coupled step (never "losing": its parts lose alone) and the lead's losing TI 8 -> 2.
  f.tried.insert(key(4, 2));
  auto last = engine::knob_search(f.request());
  REQUIRE(last);
  CHECK(generators::variant_key("regtile", last->candidate.knobs) == key(2, 8));
  CHECK(last->candidate.reason.find("coupled") != std::string::npos);
}

TEST_CASE("the track state keeps leads resolved faster and forgets them on a kept candidate") {
  engine::TrackState s;
  s.incumbent = {"regtile", {{"TI", 4}, {"TJ", 4}}};
  s.apply(rejected(key(8, 4), 1.006, 1.002));  // resolved faster, under the minimum gain
  s.apply(rejected(key(2, 4), 1.004, 0.998));  // a tie: no lead
  s.apply(rejected(key(4, 8), 0.97, 0.96));    // slower
  CHECK(s.leads == std::map<std::string, double>{{key(8, 4), 1.006}});
  engine::RoundRecord kept;
  kept.outcome = engine::Outcome::Kept;
  kept.candidate = key(4, 2);
  s.apply(kept);
  CHECK(s.leads.empty());  // measured against an incumbent that is no longer the incumbent
}

TEST_CASE("pool sweep: a one-knob move the measurements say loses waits for other families") {
  Fixture f;
  // Every neighbour of (4, 4) tried but TI 4 -> 2, which the model says loses (TI = 2 measured
  // 40% slower at TJ = 2); every coupled step tried too.
  f.tried = {key(4, 4), key(8, 4), key(4, 8), key(4, 2),
             key(2, 2), key(8, 8), key(8, 2), key(2, 8)};
  f.timed = {{key(4, 4), 100.0}, {key(4, 2), 100.0}, {key(2, 2), 140.0}};
  auto k = engine::knob_search(f.request());
  REQUIRE(k);
  CHECK(generators::variant_key("regtile", k->candidate.knobs) == key(2, 4));
  CHECK(k->losing);
  auto s = engine::pool_sweep(f.request());
  REQUIRE(s);
  CHECK(s->candidate.variant != "regtile");
  CHECK(s->candidate.reason.find("before the incumbent's knob moves") != std::string::npos);
  // Once no other point of the pool is left, the losing move is still measured (no premature
  // stop): every other variant's points tried.
  const engine::SearchRequest all = f.request();
  for (const auto& v : f.spec.variants)
    if (v.id != "regtile")
      generators::for_each_knob_point(f.spec, v, [&](const generators::KnobValues& p) {
        f.tried.insert(generators::variant_key(v.id, p));
        return true;
      });
  auto last = engine::pool_sweep(f.request());
  REQUIRE(last);
  CHECK(generators::variant_key("regtile", last->candidate.knobs) == key(2, 4));
  (void)all;
}
