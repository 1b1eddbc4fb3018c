// Verdicts of the default table on live H200 profiles (tests/data/labelled_h200_call2): the
// cases where two rules' estimates compete across units.
#include <doctest/doctest.h>

#include <string>

#include "profiling/signal_file.h"
#include "rules/matcher.h"

using namespace solver;

namespace {

const std::string kSrc = SOLVER_SOURCE_DIR;

const rules::ChipProfile& h200() {
  static const rules::ChipTable t = rules::load_chip_table(kSrc + "/rules/chips.yaml");
  const rules::ChipProfile* c = t.find("h200");
  REQUIRE(c);
  return *c;
}

const rules::RuleTable& default_table() {
  static const rules::RuleTable t = rules::load_rule_table(kSrc + "/rules/rules.yaml");
  return t;
}

rules::SignalSet recorded(const std::string& kernel) {
  return profiling::load_signal_file(kSrc + "/tests/data/labelled_h200_call2/" + kernel + ".json")
      .signals;
}

std::string fired(const rules::SignalSet& s) {
  rules::Matcher m(default_table());
  rules::MatchResult r = m.match(s, h200());
  return r.fired ? r.fired->id : "(none)";
}

}  // namespace

TEST_CASE("128 launches of a ~1 us kernel: launch overhead, not the idle SMs inside each kernel") {
  // Live: launch_gap_frac 0.776 (the GPU idle 3.5x as long as the kernels run), grid 128 <
  // 132 SMs and sm_active_frac 0.19 (a 1 us kernel ramps up and drains). small_grid's
  // estimate, 1 - 0.19, is a share of the kernel's time; the idle share of the span was
  // compared with it as if both were, and small_grid won 0.807 to 0.776.
  rules::SignalSet s = recorded("launch_overhead");
  REQUIRE(std::get<double>(s.get("launch_gap_frac")) > 0.7);
  CHECK(fired(s) == "launch_overhead");

  // Where the kernels' own time is the larger cost, the kernel-body rule still wins: with
  // the GPU idle for 35% of the span, removing it saves 0.35 / 0.65 = 54% of the kernel time
  // against the 81% small_grid estimates.
  s.set("launch_gap_frac", 0.35);
  CHECK(fired(s) == "small_grid");
}

TEST_CASE("one launch with fewer blocks than SMs stays small_grid") {
  CHECK(fired(recorded("small_grid")) == "small_grid");
}
