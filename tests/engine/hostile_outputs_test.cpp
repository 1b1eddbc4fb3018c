// Red team "hin": where the tool writes. An --out folder that already exists must be empty or
// one a run made: a run writes rules.yaml, report.html, summary.json... into it and removes
// temporary-looking files below it, so `--out .` or `--out ~` overwrote and deleted the
// user's own files (and `--out /` wrote a run into the root folder). `problems export` checks
// its --out folder before compiling and writes its two files whole.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "cli_run.h"
#include "tests/generators/test_support.h"

using namespace solver;
using generators::test::TempDir;
namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

test::CliRun ablate_into(const std::string& out) {
  return test::run_solver({"ablate", "--problems", "softmax", "--rounds", "1", "--backend",
                           "recorded", "--out", out, "--quiet"});
}

}  // namespace

TEST_CASE("--out a folder of the user's is refused, and nothing in it is touched") {
  TempDir t;
  t.write("mine/rules.yaml", "my own table\n");
  t.write("mine/notes.txt", "keep\n");
  t.write("mine/sub/draft.tmp", "keep too\n");  // what the stale-temp cleanup removed
  auto r = ablate_into((t.path() / "mine").string());
  INFO(r.err);
  CHECK(r.rc == 2);
  CHECK(r.err.find("not empty and not a run directory") != std::string::npos);
  CHECK(r.err.find("'notes.txt'") != std::string::npos);
  CHECK(read(t.path() / "mine/rules.yaml") == "my own table\n");
  CHECK(fs::exists(t.path() / "mine/sub/draft.tmp"));
  CHECK_FALSE(fs::exists(t.path() / "mine/ledger.jsonl"));
  CHECK_FALSE(fs::exists(t.path() / "mine/.lock"));
}

TEST_CASE("--out a folder holding only a run's file names that no run made is refused") {
  TempDir t;
  t.write("mine/rules.yaml", "my own table\n");
  auto r = ablate_into((t.path() / "mine").string());
  INFO(r.err);
  CHECK(r.rc == 2);
  CHECK(r.err.find("no run made it") != std::string::npos);
  CHECK(read(t.path() / "mine/rules.yaml") == "my own table\n");
}

TEST_CASE("--out a new, an empty or a never-started run folder still works") {
  TempDir t;
  CHECK(ablate_into((t.path() / "new/run").string()).rc == 0);
  fs::create_directories(t.path() / "empty");
  CHECK(ablate_into((t.path() / "empty").string()).rc == 0);
  // A start cut short before the ledger's header: the lock and an empty ledger stay; the
  // folder is reusable (run_dir.h).
  fs::create_directories(t.path() / "cut");
  t.write("cut/.lock", "");
  t.write("cut/ledger.jsonl", "");
  auto r = ablate_into((t.path() / "cut").string());
  INFO(r.err);
  CHECK(r.rc == 0);
  // The Slurm recipe's layout before its merge: shards/, logs/ and the arguments it passes
  // every job (scripts/slurm/submit.sh; slurm_recipe_test failed on ablate.args).
  t.write("slurm/logs/shard-1.out", "log\n");
  t.write("slurm/ablate.args", "--rounds\n3\n");
  fs::create_directories(t.path() / "slurm/shards/1");
  r = ablate_into((t.path() / "slurm").string());
  INFO(r.err);
  CHECK(r.rc == 0);
  // A finished run is refused as before, pointing at --resume.
  r = ablate_into((t.path() / "cut").string());
  CHECK(r.rc == 2);
  CHECK(r.err.find("--resume") != std::string::npos);
}

TEST_CASE("problems export: an --out that cannot be a folder is refused before the compile") {
  TempDir t;
  t.write("afile", "x");
  auto r = test::run_solver({"problems", "export", "softmax", "--variant", "naive", "--out",
                             (t.path() / "afile").string()});
  INFO(r.err);
  CHECK(r.rc == 2);  // was 1, after compiling
  CHECK(r.err.find("--out") != std::string::npos);
  CHECK(read(t.path() / "afile") == "x");
  // A folder in the place of the JSON: the export fails and never says it wrote (the existence
  // check took the folder for the file). Without NVRTC the compile fails first, also not 0.
  fs::create_directories(t.path() / "out/softmax.json");
  r = test::run_solver({"problems", "export", "softmax", "--variant", "naive", "--out",
                        (t.path() / "out").string()});
  INFO(r.out << r.err);
  CHECK(r.rc != 0);
  CHECK(r.out.find("wrote") == std::string::npos);
}
