// Every kernel of the labelled suite (tests/labelled) validates and compiles for sm_90 with
// NVRTC (`solver problems check --compile-only`), and the kernels whose label rests on a
// compile-time fact really have it: spills, ~230 registers, 108 KiB of shared memory, 128
// launches. No GPU needed; registered only in builds with the CUDA toolkit.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/cli/command.h"
#include "generators/nvrtc_compiler.h"

namespace fs = std::filesystem;

TEST_CASE("problems check --compile-only passes on the whole labelled suite") {
  if (!solver::generators::nvrtc_available()) {
    MESSAGE("skipped: " << solver::generators::nvrtc_unavailable_reason());
    return;
  }
  fs::path cache = fs::temp_directory_path() / "solver_labelled_compile_cache";
  std::vector<std::string> argv{"solver",
                                "--data-dir",
                                SOLVER_SOURCE_DIR,
                                "problems",
                                "check",
                                "--problems-dir",
                                std::string(SOLVER_SOURCE_DIR) + "/tests/labelled",
                                "--compile-only",
                                "--chip",
                                "h200",
                                "--cache-dir",
                                cache.string(),
                                "--json"};
  std::ostringstream out, err;
  int rc = solver::cli::run_cli(argv, out, err);
  INFO(err.str());
  auto j = nlohmann::json::parse(out.str());
  std::map<std::string, nlohmann::json> seed;  // problem -> its (one) variant row
  int references = 0;
  for (const auto& row : j["rows"]) {
    INFO(row.dump());
    CHECK(row["failed"] == false);
    CHECK((row["compile"] == "ok" || row["compile"] == "cached"));
    if (row["variant"] == "(reference)")
      ++references;
    else
      seed[row["problem"].get<std::string>()] = row;
  }
  CHECK(rc == 0);
  CHECK(j["failures"] == 0);
  CHECK(seed.size() >= 22);
  CHECK(references == int(seed.size()));

  auto regs = [&](const std::string& p) {
    return std::stoi(seed.at(p)["registers"].get<std::string>());
  };
  auto num = [&](const std::string& p, const char* col) {
    return std::stol(seed.at(p)[col].get<std::string>());
  };
  // The compile-time facts the labels rest on.
  CHECK(num("register_spills", "spill_bytes") > 0);
  CHECK(regs("register_spills") <= 32);
  CHECK(regs("register_occupancy") >= 200);  // 2 blocks of 128 threads per SM at most
  CHECK(num("smem_occupancy", "smem_bytes") == 110592);
  CHECK(num("bank_conflicts", "smem_bytes") == 4096);  // the unpadded 32x32 tile
  for (const auto& [p, row] : seed)
    if (p != "register_spills") CHECK_MESSAGE(num(p, "spill_bytes") == 0, p, " spills");
  // 128 launches of the one step kernel: one register count per launch.
  std::string lr = seed.at("launch_overhead")["registers"].get<std::string>();
  CHECK(std::count(lr.begin(), lr.end(), '/') == 127);
}
