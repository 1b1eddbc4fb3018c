// "No rule explains this" (issue 29): a live profile whose dominant cost no rule of the default
// table names gets that verdict with its largest stall and busiest pipe, not a wrong class.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_run.h"

namespace {

// The PNG table CRC's live signals without the constant cache's replay counter: the rule that
// names its cost (constant_cache_serialisation, on replays and the MIO wait) cannot decide, and
// no other rule explains a kernel whose warps wait on the MIO queue with every pipe idle.
const std::string kSignals = "tests/data/unexplained/png_crc32_no_idc_replays.json";

solver::test::CliRun classify(std::vector<std::string> extra = {},
                              const std::string& signals = kSignals) {
  std::vector<std::string> args{"classify", "--signals",
                                std::string(SOLVER_SOURCE_DIR) + "/" + signals, "--chip", "h200"};
  args.insert(args.end(), extra.begin(), extra.end());
  return solver::test::run_solver(args);
}

}  // namespace

TEST_CASE("a cost no rule names: the verdict is 'unexplained' with the top stall and pipe") {
  auto text = classify();
  REQUIRE_MESSAGE(text.rc == 0, text.err);
  CHECK(text.out.find("fired:      nothing") != std::string::npos);
  CHECK(text.out.find("no rule explains this kernel") != std::string::npos);
  CHECK(text.out.find("largest stall: mio_throttle (0.4938 of warp time)") != std::string::npos);
  CHECK(text.out.find("busiest pipe: alu (0.04475 of peak)") != std::string::npos);

  auto run = classify({"--json"});
  REQUIRE_MESSAGE(run.rc == 0, run.err);
  const auto v = nlohmann::json::parse(run.out)["verdicts"][0];
  CHECK(v["fired"].is_null());
  CHECK(v["ranked"].empty());  // no near miss stands in for a class either
  const auto& u = v["unexplained"];
  REQUIRE(u.is_object());
  CHECK(u["stall_top"] == "mio_throttle");  // the name itself, no quotes inside the string
  CHECK(u["pipe_top"] == "alu");
  REQUIRE(u["stall_top_frac"].is_number());  // a number, not its text
  CHECK(u["stall_top_frac"].get<double>() == doctest::Approx(0.4938).epsilon(1e-3));
}

TEST_CASE("with the replay counter the same kernel is named: constant-cache serialisation") {
  // The recording itself: a per-lane-indexed __constant__ table replays in the constant cache.
  auto run = classify({"--json"}, "tests/data/unexplained/png_crc32_const_table.json");
  REQUIRE_MESSAGE(run.rc == 0, run.err);
  const auto v = nlohmann::json::parse(run.out)["verdicts"][0];
  REQUIRE(v["fired"].is_object());
  CHECK(v["fired"]["id"] == "constant_cache_serialisation");
  CHECK(v["fired"]["bottleneck"] == "constant_cache");
  CHECK_FALSE(v.contains("unexplained"));
}

TEST_CASE("a verdict that names a class carries no 'unexplained' block") {
  // A live profile a rule does name (the labelled suite's DRAM stream, at its roof).
  auto run = solver::test::run_solver(
      {"classify", "--signals",
       std::string(SOLVER_SOURCE_DIR) + "/tests/data/labelled_h200_call2/dram_stream.json",
       "--chip", "h200", "--json"});
  REQUIRE_MESSAGE(run.rc == 0, run.err);
  const auto v = nlohmann::json::parse(run.out)["verdicts"][0];
  CHECK(v["fired"].is_object());
  CHECK_FALSE(v.contains("unexplained"));
}
