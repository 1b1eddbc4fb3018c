// Bring your own kernel, end to end through the CLI as docs/bring-your-own-kernel.md walks it:
// `problems new --from` on the fresh multi-version file tests/data/byok/softmax_versions.cu,
// `problems check --compile-only` on the draft and on the edited folder (NVRTC, no GPU), and
// the errors a new user meets (an existing folder, an unknown problem in --problems-dir).
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_run.h"
#include "generators/nvrtc_compiler.h"

using namespace solver::cli;
namespace fs = std::filesystem;

namespace {

using Run = solver::test::CliRun;
Run cli(std::vector<std::string> args) { return solver::test::run_solver(std::move(args)); }

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("solver-byok-" + std::to_string(::getpid()));
  Scratch() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

const std::string kCu = std::string(SOLVER_SOURCE_DIR) + "/tests/data/byok/softmax_versions.cu";
const std::string kEdited = std::string(SOLVER_SOURCE_DIR) + "/tests/data/byok/smx_edited";

}  // namespace

TEST_CASE("problems new --from drafts a folder from a multi-version .cu file") {
  Scratch s;
  Run r = cli({"problems", "new", "smx", "--from", kCu, "--problems-dir", s.dir.string()});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  CHECK(r.out.find("4 kernel(s): softmax_v1 softmax_v2 softmax_v3 softmax_v4") !=
        std::string::npos);
  CHECK(r.out.find("main (line") != std::string::npos);
  CHECK(r.out.find("#include <vector>") != std::string::npos);
  std::string yaml = read(s.dir / "smx/problem.yaml");
  CHECK(yaml.find("seed: softmax_v1") != std::string::npos);
  CHECK(yaml.find("x: {dtype: f32, shape: [rows], role: in}") != std::string::npos);
  CHECK(yaml.find("y: {dtype: f32, shape: [rows], role: out}") != std::string::npos);
  CHECK(yaml.find("rows: {value: 1048576, dtype: i32}") != std::string::npos);
  CHECK(yaml.find("args: [x, y, rows, cols]") != std::string::npos);
  CHECK(yaml.find("knobs: {BLOCK_SIZE: {values: [...], default: 256}}") != std::string::npos);
  std::string cu = read(s.dir / "smx/kernels.cu");
  CHECK(cu.find("extern \"C\" __global__ void softmax_v3(") != std::string::npos);
  CHECK(cu.find("#include <cuda/std/cmath>") != std::string::npos);
  CHECK(cu.find("#ifndef BLOCK_SIZE") != std::string::npos);
  CHECK(cu.find("int main") == std::string::npos);
  CHECK(cu.find("cudaMalloc") == std::string::npos);
  CHECK(cu.find("#include <cooperative_groups.h>") != std::string::npos);
  // Never over an existing folder; the failed attempt leaves it as it was.
  Run again = cli({"problems", "new", "smx", "--from", kCu, "--problems-dir", s.dir.string()});
  CHECK(again.rc == 2);
  CHECK(again.err.find("already exists") != std::string::npos);
  CHECK(read(s.dir / "smx/problem.yaml") == yaml);
  Run missing =
      cli({"problems", "new", "other", "--from", "/no/such.cu", "--problems-dir", s.dir.string()});
  CHECK(missing.rc == 2);
  CHECK_FALSE(fs::exists(s.dir / "other"));

  if (!solver::generators::nvrtc_available()) return;
  // The draft compiles as written (cooperative groups, INFINITY, assert), and the lint names
  // the versions no hypothesis leads to.
  Run check = cli({"problems", "check", "smx", "--problems-dir", s.dir.string(), "--compile-only"});
  INFO(check.out << check.err);
  CHECK(check.rc == 0);
  CHECK(check.out.find("5 points checked, 0 failed, 3 warning(s)") != std::string::npos);
  CHECK(check.out.find("variant 'softmax_v2' can never be reached from the seed") !=
        std::string::npos);
  // With the person's answers (the tutorial's step 3) every point compiles and all are reachable.
  fs::copy_file(kEdited + "/problem.yaml", s.dir / "smx/problem.yaml",
                fs::copy_options::overwrite_existing);
  fs::copy_file(kEdited + "/reference.cu", s.dir / "smx/reference.cu",
                fs::copy_options::overwrite_existing);
  Run edited =
      cli({"problems", "check", "smx", "--problems-dir", s.dir.string(), "--compile-only"});
  INFO(edited.out << edited.err);
  CHECK(edited.rc == 0);
  CHECK(edited.out.find("8 points checked, 0 failed\n") != std::string::npos);
  CHECK(edited.out.find("softmax_v2[BLOCK_SIZE=1024]") != std::string::npos);
}

TEST_CASE("an unknown problem names the folder searched, the known ones and --problems-dir") {
  Scratch s;
  REQUIRE(cli({"problems", "new", "smx", "--from", kCu, "--problems-dir", s.dir.string()}).rc == 0);
  Run c = cli({"classify", "--problem", "smz", "--variant", "softmax_v1", "--problems-dir",
               s.dir.string()});
  CHECK(c.rc == 2);
  CHECK(c.err.find("unknown problem 'smz'") != std::string::npos);
  CHECK(c.err.find((s.dir / "smz/problem.yaml").string()) != std::string::npos);
  CHECK(c.err.find("did you mean 'smx'?") != std::string::npos);
  CHECK(c.err.find("--problems-dir DIR searches another folder") != std::string::npos);
  Run p = cli({"problems", "check", "smz", "--problems-dir", s.dir.string(), "--compile-only"});
  CHECK(p.rc == 2);
  CHECK(p.err.find("known problems: smx") != std::string::npos);
}
