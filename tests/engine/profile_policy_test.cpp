// Profiles in a recording of a large pool (engine/backend/profile_policy.h): which points
// `solver record --profile-fastest/--profile-spread` profiles, and what the recorded backend
// serves a point recorded without a profile of its own. SYNTHETIC pool, no GPU.
#include <doctest/doctest.h>

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "engine/backend/profile_policy.h"
#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "generators/problem_spec.h"
#include "rules/diagnostics.h"

using namespace solver;
using engine::GateStatus;

namespace {

// A 4 x 4 knob grid of variant "t" (A, B in 1, 2, 4, 8) plus a seed "naive": point (a, b) takes
// 100 + 10*log2(a) + log2(b) us, except (8, 8), which failed its gate.
engine::RecordedProblem grid() {
  engine::RecordedProblem p;
  auto passed = [] {
    engine::GateResult g;
    g.status = GateStatus::Passed;
    return g;
  };
  p.variants["naive"].gate = passed();
  p.variants["naive"].samples_us = {500, 501, 499};
  for (int a = 1; a <= 8; a *= 2)
    for (int b = 1; b <= 8; b *= 2) {
      auto& v = p.variants[generators::variant_key("t", {{"A", a}, {"B", b}})];
      v.gate = passed();
      double us = 100 + 10 * std::log2(a) + std::log2(b);
      v.samples_us = {us, us + 1, us - 1};
      if (a == 8 && b == 8) v.gate->status = GateStatus::WrongResult;
    }
  return p;
}

engine::ProfileResult profile_at(double time_us, double counter) {
  engine::ProfileResult r;
  r.ok = true;
  r.time_us = time_us;
  r.signals.set("time_us", time_us);
  r.signals.set("achieved_gbps", 1000.0);
  r.signals.set("load_eff", counter);
  r.signal_origin = {
      {"time_us", "unprofiled"}, {"achieved_gbps", "unprofiled"}, {"load_eff", "profiled"}};
  return r;
}

}  // namespace

TEST_CASE("profile order: the seed, then fastest and spread points interleaved, each once") {
  engine::RecordedProblem p = grid();
  auto order = engine::profile_order(p, "naive", 3, 2);
  REQUIRE(!order.empty());
  CHECK(order.front() == "naive");
  // The three fastest timed, gate-passed points are all in, the failed one never.
  for (const char* k : {"t[A=1,B=1]", "t[A=1,B=2]", "t[A=1,B=4]"})
    CHECK(std::find(order.begin(), order.end(), k) != order.end());
  CHECK(std::find(order.begin(), order.end(), "t[A=8,B=8]") == order.end());
  CHECK(std::set<std::string>(order.begin(), order.end()).size() == order.size());
  CHECK(order.size() <= 1 + 3 + 2);
  // The fastest point comes right after the seed; a point already profiled is left out.
  CHECK(order[1] == "t[A=1,B=1]");
  p.variants["t[A=1,B=1]"].profile = profile_at(100, 0.5);
  auto again = engine::profile_order(p, "naive", 3, 2);
  CHECK(std::find(again.begin(), again.end(), "t[A=1,B=1]") == again.end());
  // Nothing asked: only the seed.
  CHECK(engine::profile_order(grid(), "naive", 0, 0) == std::vector<std::string>{"naive"});
}

TEST_CASE("a point without a profile borrows its nearest profiled neighbour's counters, said so") {
  engine::RecordedProblem p = grid();
  p.variants["t[A=1,B=1]"].profile = profile_at(100, 0.25);  // 2 knobs from (2, 4)
  p.variants["t[A=2,B=1]"].profile = profile_at(110, 0.75);  // 1 knob from (2, 4)
  auto b = engine::borrowed_profile(p, "t[A=2,B=4]", "large.json");
  REQUIRE(b);
  CHECK(b->ok);
  CHECK(b->signals.get("load_eff") == rules::Value(0.75));  // the 1-knob neighbour's counter
  const double own = 100 + 10 * 1 + 2;                      // its own median
  CHECK(b->time_us == doctest::Approx(own));
  CHECK(std::get<double>(b->signals.get("time_us")) == doctest::Approx(own));
  // A rate from unprofiled time follows the point's own time: 1000 GB/s at 110 us -> at 112 us.
  CHECK(std::get<double>(b->signals.get("achieved_gbps")) == doctest::Approx(1000.0 * 110 / own));
  CHECK(b->detail.rfind("borrowed profile", 0) == 0);
  CHECK(b->detail.find("t[A=2,B=1]") != std::string::npos);
  CHECK(b->detail.find("large.json") != std::string::npos);
  CHECK(b->raw_metrics.at("solver__borrowed_knob_distance") == 1.0);
  // A failed point, a point of another variant with no profiled sibling, an unknown key: none.
  CHECK_FALSE(engine::borrowed_profile(p, "t[A=8,B=8]", "large.json"));
  CHECK_FALSE(engine::borrowed_profile(p, "naive", "large.json"));
  CHECK_FALSE(engine::borrowed_profile(p, "t[A=3,B=3]", "large.json"));
}

TEST_CASE("the recorded backend serves a borrowed profile, and 'not recorded' where it cannot") {
  engine::Recording rec;
  rec.chip = "h200";
  rec.file = "large.json";
  rec.problems["pool"] = grid();
  rec.problems["pool"].variants["t[A=4,B=4]"].profile = profile_at(122, 0.5);
  engine::RecordedBackend backend(rec);
  auto served = backend.profile({"pool", "t", {{"A", 4}, {"B", 8}}});
  CHECK(served.ok);
  CHECK(served.detail.rfind("borrowed profile", 0) == 0);
  auto own = backend.profile({"pool", "t", {{"A", 4}, {"B", 4}}});
  CHECK(own.ok);
  CHECK(own.detail.empty());
  auto none = backend.profile({"pool", "naive", {}});
  CHECK_FALSE(none.ok);
  CHECK(none.detail.rfind("not recorded", 0) == 0);
  // A run's measurements.json (the tap) keeps the borrowed profile with the point, so the
  // subset replays the same answer without the neighbour.
  engine::Recording sink;
  sink.chip = "h200";
  engine::TapBackend tap(backend, sink);
  tap.profile({"pool", "t", {{"A", 2}, {"B", 8}}});
  tap.profile({"pool", "naive", {}});
  const auto* kept = sink.find("pool", "t[A=2,B=8]");
  REQUIRE(kept);
  REQUIRE(kept->profile);
  CHECK(kept->profile->detail.rfind("borrowed profile", 0) == 0);
  CHECK_FALSE(sink.find("pool", "t[A=4,B=4]"));  // the neighbour is not copied
  engine::RecordedBackend replay(sink);
  CHECK(replay.profile({"pool", "t", {{"A", 2}, {"B", 8}}}).ok);
}

TEST_CASE("a comma-separated list of recordings is merged in order; another chip is refused") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("solver-reclist-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  engine::Recording a, b, c;
  a.chip = b.chip = "h200";
  c.chip = "a100";
  a.at("small", "naive").samples_us = {10};
  b.at("large", "naive").samples_us = {20};
  c.at("other", "naive").samples_us = {30};
  engine::save_recording(a, (dir / "a.json").string());
  engine::save_recording(b, (dir / "b.json").string());
  engine::save_recording(c, (dir / "c.json").string());
  const std::string list = (dir / "a.json").string() + "," + (dir / "b.json").string();
  engine::Recording both = engine::load_recordings(list);
  CHECK(both.find("small", "naive"));
  CHECK(both.find("large", "naive"));
  CHECK(both.file == list);
  const engine::Recording one = engine::load_recording((dir / "a.json").string());
  CHECK(engine::load_recordings((dir / "a.json").string()).content_hash == one.content_hash);
  CHECK(both.content_hash != one.content_hash);
  CHECK(engine::split_recording_list("x,,y,") == std::vector<std::string>{"x", "y"});
  CHECK_THROWS_AS(engine::load_recordings(list + "," + (dir / "c.json").string()),
                  rules::InputError);
  fs::remove_all(dir);
}
