// engine/backend/ceilings_cache.h: the measured ceilings the physical floor reads are one of the
// sealed caches (generators/cache_trust.h). Before review38 the worker read
// <cache>/ceilings-<chip>.json as it found it: a file planted there with a copy bandwidth a
// thousand times the chip's lowered every timing's floor.
#include "engine/backend/ceilings_cache.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "engine/backend/value_json.h"
#include "tests/generators/test_support.h"

using namespace solver::engine;
using solver::generators::test::stderr_of;
namespace fs = std::filesystem;

namespace {
struct Dir {
  fs::path path;
  Dir() {
    static int n = 0;
    path = fs::temp_directory_path() /
           ("solver-ceilings-test-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

void use_key(const Dir& d, const std::string& name) {
  ::setenv("SOLVER_CACHE_KEY", (d.path / "keys" / name).string().c_str(), 1);
}

Ceilings measured(double copy_gbps) {
  Ceilings c;
  c.chip_id = "h100";
  c.device_name = "NVIDIA H100 80GB HBM3";
  c.copy_gbps = copy_gbps;
  c.sgemm_tflops = 51.5;
  c.tf32_tflops = 378.25;
  c.datasheet_dram_gbps = 3350;
  c.measured_at = "2026-12-07T16:00:00Z";
  c.detail = "copy: 1 GiB";
  return c;
}
}  // namespace

TEST_CASE("ceilings cache: what this user measured is read back whole") {
  Dir d;
  use_key(d, "mine.key");
  const std::string dir = (d.path / "cache").string();
  REQUIRE(store_ceilings(dir, measured(2900.125)));
  const auto c = load_ceilings(dir, "h100", "NVIDIA H100 80GB HBM3");
  REQUIRE(c);
  CHECK(c->copy_gbps == 2900.125);
  CHECK(c->tf32_tflops == 378.25);
  CHECK(c->from_cache);
  CHECK_FALSE(load_ceilings(dir, "h100", "NVIDIA H200"));  // another device: measured again
  CHECK_FALSE(load_ceilings(dir, "a100", "NVIDIA H100 80GB HBM3"));
}

TEST_CASE("ceilings cache: a planted, unsealed or foreign-sealed file is a miss, then rewritten") {
  Dir d;
  const std::string dir = (d.path / "cache").string();
  const fs::path file = fs::path(dir) / ceilings_entry_name("h100");
  use_key(d, "mine.key");
  REQUIRE(store_ceilings(dir, measured(2900)));
  // The file as the worker wrote it before the seal (the ceilings' JSON alone), planted with a
  // bandwidth that would put every floor a thousand times lower.
  {
    Ceilings fast = measured(2.9e6);
    std::ofstream(file, std::ios::trunc) << to_json(fast).dump(2) << "\n";
  }
  CHECK_FALSE(load_ceilings(dir, "h100", "NVIDIA H100 80GB HBM3"));
  // The engine's own writer run under another user's key: a miss said on stderr, once a
  // process, as the compile, facts and lint caches say theirs (review39: before, in silence).
  use_key(d, "attacker.key");
  REQUIRE(store_ceilings(dir, measured(2.9e6)));
  use_key(d, "mine.key");
  const solver::generators::test::TempDir t;
  const std::string said =
      stderr_of(t, [&] { CHECK_FALSE(load_ceilings(dir, "h100", "NVIDIA H100 80GB HBM3")); });
  CHECK(said.find("solver: warning: measured ceilings entry " + file.string() + " ignored") == 0);
  CHECK(said.find("measured again") != std::string::npos);
  // This user's entry with its number edited.
  REQUIRE(store_ceilings(dir, measured(2900)));
  {
    std::ifstream in(file);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto at = text.find("2900");
    REQUIRE(at != std::string::npos);
    text.replace(at, 4, "2900000");
    std::ofstream(file, std::ios::trunc) << text;
  }
  CHECK(stderr_of(t, [&] {
          CHECK_FALSE(load_ceilings(dir, "h100", "NVIDIA H100 80GB HBM3"));
        }).empty());  // said once
  // Measured again and stored: believed again.
  REQUIRE(store_ceilings(dir, measured(2901)));
  REQUIRE(load_ceilings(dir, "h100", "NVIDIA H100 80GB HBM3"));
  CHECK(load_ceilings(dir, "h100", "NVIDIA H100 80GB HBM3")->copy_gbps == 2901);
}

TEST_CASE("ceilings cache: a folder writable by others is not used") {
  Dir d;
  use_key(d, "mine.key");
  const fs::path dir = d.path / "shared";
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::all);
  CHECK_FALSE(store_ceilings(dir.string(), measured(2900)));
  CHECK(fs::is_empty(dir));
}
