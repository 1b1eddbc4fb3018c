// The verdict calibration (engine/eval/calibration.h) without a GPU: on SYNTHETIC samples whose
// answer is exact, and on the bundled H200 recording through `solver calibrate`.
#include <doctest/doctest.h>

#include <sstream>

#include "engine/backend/recorded_backend.h"
#include "engine/cli/command.h"
#include "engine/eval/calibration.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"
#include "synthetic_pool.h"

using namespace solver;

TEST_CASE("rate_upper_bound: the one-sided 95% Clopper-Pearson bound") {
  // 0 hits in n: 1 - 0.05^(1/n) (the "rule of three" ~ 3/n).
  CHECK(engine::rate_upper_bound(0, 200) ==
        doctest::Approx(1 - std::pow(0.05, 1.0 / 200)).epsilon(1e-6));
  CHECK(engine::rate_upper_bound(0, 200) < 0.015);
  // 2 hits in 200: 3.1% (tables give 0.0310).
  CHECK(engine::rate_upper_bound(2, 200) == doctest::Approx(0.0310).epsilon(0.01));
  CHECK(engine::rate_upper_bound(5, 5) == 1);
}

TEST_CASE(
    "identical arms, scaled slowdowns and a real slower point: counts add up and answer right") {
  test::ToyWorld w("calibrate");
  auto spec = generators::load_problem(w.problems + "/toy");
  std::map<std::string, generators::ProblemSpec> specs{{"toy", spec}};
  auto chip = *rules::load_chip_table(test::chips_yaml()).find("h200");
  engine::Recording rec = test::toy_recording();
  // The seed's samples: a little noise around 100 us (synthetic, not measured).
  engine::RecordedBackend backend(rec);
  engine::CalibrationOptions opt;
  opt.problems = {"toy"};
  opt.trials = 120;
  opt.pairs = 15;
  opt.slowdowns_pct = {0.5, 5};
  opt.against = {{"toy", "slow"}};
  opt.variants = {{"toy", "coalesced"}};
  opt.quiet = true;
  std::ostringstream err;
  std::vector<engine::CalibrationResult> checkpoints;
  auto res = engine::run_calibration(
      backend, specs, chip, opt, err,
      [&](const engine::CalibrationResult& r) { checkpoints.push_back(r); });
  REQUIRE(res.rows.size() == 4);
  // One checkpoint per problem, with that problem's rows, marked incomplete; the end is complete.
  REQUIRE(checkpoints.size() == 1);
  CHECK(checkpoints[0].rows.size() == 4);
  CHECK_FALSE(checkpoints[0].complete);
  CHECK(checkpoints[0].to_json()["complete"] == false);
  CHECK(res.complete);
  const auto& same = res.rows[0];
  CHECK(same.kind == "identical");
  CHECK(same.incumbent == "coalesced");
  CHECK(same.candidate == "coalesced");
  CHECK(same.counts.decided() == 120);
  CHECK(same.counts.failed == 0);
  CHECK(same.median_ratios.size() == 120);
  // coalesced's samples spread 49.8..51 (2.4%): identical arms are never called faster or
  // slower with a 1% min gain and a 95% interval... a few may be ambiguous, none wrong.
  CHECK(same.counts.faster <= 2);
  CHECK(same.counts.slower <= 2);
  CHECK(same.counts.same + same.counts.ambiguous >= 116);
  // +0.5%, half the 1% min gain: detected now and then (noise pushes the median past 1%),
  // more often than with identical arms, never called faster.
  CHECK(res.rows[1].k_pct == 0.5);
  CHECK(res.rows[1].counts.slower >= same.counts.slower);
  CHECK(res.rows[1].counts.slower < 60);
  CHECK(res.rows[1].counts.faster == 0);
  // +5%: far outside the noise: always detected.
  CHECK(res.rows[2].k_pct == 5);
  CHECK(res.rows[2].counts.slower == 120);
  // A real slower point: slow (~60 us) against coalesced (~50 us): +20%, always slower.
  const auto& ag = res.rows[3];
  CHECK(ag.kind == "against");
  CHECK(ag.candidate == "slow");
  CHECK(ag.k_pct == doctest::Approx(20).epsilon(0.05));
  CHECK(ag.counts.slower == 120);
  CHECK(res.totals("identical").decided() == 120);
  auto j = res.to_json();
  CHECK(j["identical"]["counts"]["decided"] == 120);
  CHECK(j["identical"]["false_faster_upper_95"].get<double>() < 0.06);
}

TEST_CASE("a variant whose gate fails is counted as failed trials, not as verdicts") {
  test::ToyWorld w("calibrate-broken");
  std::map<std::string, generators::ProblemSpec> specs{
      {"toy", generators::load_problem(w.problems + "/toy")}};
  auto chip = *rules::load_chip_table(test::chips_yaml()).find("h200");
  engine::RecordedBackend backend(test::toy_recording());
  engine::CalibrationOptions opt;
  opt.problems = {"toy"};
  opt.variants = {{"toy", "broken"}};
  opt.trials = 7;
  std::ostringstream err;
  auto res = engine::run_calibration(backend, specs, chip, opt, err);
  REQUIRE(res.rows.size() == 1);
  CHECK(res.rows[0].counts.failed == 7);
  CHECK(res.rows[0].counts.decided() == 0);
  CHECK(err.str().find("fails its gate") != std::string::npos);
}

TEST_CASE(
    "solver calibrate on the bundled H200 recording: three problems, JSON, bad input exits 2") {
  const std::string src = SOLVER_SOURCE_DIR;
  std::ostringstream out, err;
  int rc = cli::run_cli(
      {"solver", "--data-dir", src, "calibrate", "--problems", "softmax,layernorm,reduce",
       "--trials", "70", "--slowdown", "2,5", "--backend", "recorded", "--recording",
       src + "/tests/data/recordings/h200.json", "--json", "--quiet"},
      out, err);
  INFO(err.str());
  REQUIRE(rc == 0);
  CHECK(err.str().find("no GPU: replaying recorded") != std::string::npos);
  auto j = nlohmann::json::parse(out.str());
  CHECK(j["identical"]["counts"]["decided"] == 210);
  CHECK(j["rows"].size() == 9);
  int scaled5 = 0, slower5 = 0;
  for (const auto& r : j["rows"]) {
    CHECK(r["counts"]["failed"] == 0);
    if (r["kind"] == "scaled +5%") {
      scaled5 += r["counts"]["decided"].get<int>();
      slower5 += r["counts"]["slower"].get<int>();
    }
  }
  CHECK(scaled5 == 210);
  CHECK(slower5 >= 200);  // the recorded noise of these pools is well under 5%

  std::ostringstream o2, e2;
  CHECK(cli::run_cli({"solver", "--data-dir", src, "calibrate", "--problems", "softmax",
                      "--slowdown", "abc", "--backend", "recorded"},
                     o2, e2) == 2);
  std::ostringstream o3, e3;
  CHECK(cli::run_cli({"solver", "--data-dir", src, "calibrate", "--problems", "softmax",
                      "--variant", "softmax=nope", "--backend", "recorded"},
                     o3, e3) == 2);
  CHECK(e3.str().find("not a point of softmax's pool") != std::string::npos);
}
