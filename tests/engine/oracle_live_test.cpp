// `--oracle` on a live backend, without a GPU: the fake worker (fake_worker.cpp) drives the
// real pipe protocol. The untried points of the pool are gated and profiled at the end, through
// the same backend, kept in measurements.json, and the summary holds each track against them.
// Without --oracle a live run knows no pool's best and says so. The fake's numbers are
// SYNTHETIC (every profile 12.5 us).
#include <doctest/doctest.h>

#include <sstream>

#include "engine/backend/live_backend.h"
#include "engine/backend/recording.h"
#include "engine/loop/oracle.h"
#include "engine/run/ablation.h"
#include "synthetic_pool.h"

using namespace solver;

namespace {
engine::AblationResult live_ablate(const test::ToyWorld& w, const std::string& out, bool oracle) {
  engine::LiveOptions lo;
  lo.worker_path = FAKE_WORKER_PATH;
  lo.problems_root = w.problems;
  lo.chips_file = test::chips_yaml();
  auto [backend, why] = engine::open_live_backend(lo);
  REQUIRE_MESSAGE(backend, why);
  engine::AblationOptions o;
  o.problems = {"toy"};
  o.rounds = 3;
  o.pairs = 9;
  o.rules_path = w.rules;
  o.chips_path = test::chips_yaml();
  o.problems_root = w.problems;
  o.chip = "h200";  // the fake reports chip "fake"
  o.out_dir = out;
  o.oracle = oracle;
  o.quiet = true;
  std::ostringstream err;
  return engine::run_ablation(o, *backend, err);
}
}  // namespace

TEST_CASE("--oracle measures every untried point at the end through the live backend") {
  test::ToyWorld w("oracle-live");
  auto r = live_ablate(w, w.root + "/run", true);
  auto oracle = engine::load_pool_oracle(r.dir.oracle());
  REQUIRE(oracle);
  CHECK(oracle->source == "measured at the end of the run (--oracle)");
  const auto& po = oracle->problems.at("toy");
  CHECK(po.known);
  CHECK(po.complete);
  // naive, broken, coalesced, slow, cheat, vec[BLOCK=128], vec[BLOCK=256]: all measured.
  CHECK(po.points.size() == 7);
  auto rec = engine::load_recording(r.dir.measurements());
  for (const auto& p : po.points) {
    INFO(p.key << ": " << p.status);
    CHECK(p.status == "measured");
    CHECK(p.time_us == doctest::Approx(12.5));
    CHECK(p.precision == "fp32");
    CHECK(p.floor_us > 0);
    // Measured by this run, so kept with its measurements.
    const auto* m = rec.find("toy", p.key);
    REQUIRE(m);
    CHECK(m->profile);
  }
  REQUIRE(r.summary.problems.size() == 1);
  CHECK(r.summary.problems[0].oracle_us == doctest::Approx(12.5));
  CHECK(r.summary.problems[0].on.oracle_ratio == doctest::Approx(1.0));
  CHECK(r.summary.oracle_source == oracle->source);
}

TEST_CASE("a live run without --oracle knows no pool's best, and says so") {
  test::ToyWorld w("oracle-live-off");
  auto r = live_ablate(w, w.root + "/run", false);
  auto oracle = engine::load_pool_oracle(r.dir.oracle());
  REQUIRE(oracle);
  CHECK(oracle->source.empty());
  const auto& po = oracle->problems.at("toy");
  CHECK_FALSE(po.known);
  CHECK(po.best() == nullptr);
  for (const auto& p : po.points) CHECK(p.status == "not measured");
  CHECK(r.summary.problems[0].oracle_us == 0);
  CHECK(r.summary.problems[0].on.oracle_ratio == 0);
  CHECK(r.summary.problems[0].on.within_oracle_round == -1);
  std::ostringstream table;
  r.summary.print_table(table);
  CHECK(table.str().find("oracle: not known (live run without --oracle)") != std::string::npos);
  // The floors are known all the same (datasheet: the fake worker measures no ceilings).
  CHECK(po.floors.at("fp32") > 0);
  CHECK(oracle->rates.source.find("datasheet") != std::string::npos);
}
