// SIGKILL `solver ablate` (a real process, on the recorded backend, SYNTHETIC toy pool) at a
// random point after some records, resume it, and compare with an uninterrupted run: the
// final ledgers must be byte-identical (wall-clock time lives only in manifest.json).
#include <doctest/doctest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "generators/nvrtc_compiler.h"
#include "spawn.h"
#include "synthetic_pool.h"

using namespace solver;

namespace {

pid_t spawn(const std::vector<std::string>& args) { return test::spawn_quiet(args); }

int wait_for(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Every path under `dir` (relative, folders marked with a trailing '/'), sorted: a leftover of
// any name (a temporary file, a half-built folder) shows up as a difference.
std::set<std::string> listing(const std::string& dir) {
  std::set<std::string> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    out.insert(std::filesystem::relative(e.path(), dir).generic_string() +
               (e.is_directory() ? "/" : ""));
  return out;
}

std::string show(const std::set<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += " " + n;
  return out;
}

int count_lines(const std::string& path) {
  std::string t = test::read_text(path);
  return static_cast<int>(std::count(t.begin(), t.end(), '\n'));
}

std::vector<std::string> ablate_args(const test::ToyWorld& w, const std::string& out, int delay) {
  return {SOLVER_BIN,
          "--data-dir",
          SOLVER_SOURCE_DIR,
          "ablate",
          "--problems",
          "toy",
          "--rounds",
          "12",
          "--seed",
          "3",
          "--pairs",
          "9",
          "--rules",
          w.rules,
          "--recording",
          w.recording,
          "--problems-dir",
          w.problems,
          "--out",
          out,
          "--round-delay-ms",
          std::to_string(delay),
          "--quiet"};
}

}  // namespace

TEST_CASE("SIGKILL mid-ablation, then --resume: the same final ledger as an uninterrupted run") {
  test::ToyWorld w("kill");
  std::string reference = w.root + "/reference";
  REQUIRE(wait_for(spawn(ablate_args(w, reference, 0))) == 0);
  std::string expected = test::read_text(reference + "/ledger.jsonl");
  std::string expected_measurements = test::read_text(reference + "/measurements.json");
  int records = count_lines(reference + "/ledger.jsonl") - 1;
  REQUIRE(records >= 8);
  const std::set<std::string> expected_files = listing(reference);
  REQUIRE(expected_files.count("measurements.json"));

  std::mt19937 rng(std::random_device{}());
  // SOLVER_KILL_TRIALS=N runs more (the reliability figures of docs/reliability.md).
  int trials = std::getenv("SOLVER_KILL_TRIALS") ? std::atoi(std::getenv("SOLVER_KILL_TRIALS")) : 4;
  int identical = 0;
  for (int trial = 0; trial < trials; ++trial) {
    std::string out = w.root + "/killed" + std::to_string(trial);
    int after = std::uniform_int_distribution<int>(1, records - 2)(rng);
    int extra_us = std::uniform_int_distribution<int>(0, 40000)(rng);
    pid_t pid = spawn(ablate_args(w, out, 40));
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (count_lines(out + "/ledger.jsonl") < 1 + after &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    std::this_thread::sleep_for(std::chrono::microseconds(extra_us));
    ::kill(pid, SIGKILL);
    int rc = wait_for(pid);
    INFO("trial " << trial << ": killed after " << after << " records (+" << extra_us << " us), rc "
                  << rc);
    int survived = count_lines(out + "/ledger.jsonl") - 1;
    MESSAGE("kill trial " << trial << ": " << survived << " of " << records
                          << " records on disk when killed");
    CHECK(survived < records);  // it really was interrupted
    std::vector<std::string> resume{SOLVER_BIN,       "--data-dir", SOLVER_SOURCE_DIR,
                                    "ablate",         "--resume",   out,
                                    "--problems-dir", w.problems,   "--quiet"};
    REQUIRE(wait_for(spawn(resume)) == 0);
    bool same = test::read_text(out + "/ledger.jsonl") == expected;
    // The measurements too: a replay of the resumed run is a replay of the uninterrupted one.
    bool same_measurements = test::read_text(out + "/measurements.json") == expected_measurements;
    CHECK(same);
    CHECK(same_measurements);
    // Not one file more or less than the uninterrupted run has: a kill inside an atomic
    // rewrite leaves "X.tmp.<pid>.<n>", which the resume must have removed.
    const std::set<std::string> files = listing(out);
    INFO("extra:" << show([&] {
           std::set<std::string> d;
           for (const auto& f : files)
             if (!expected_files.count(f)) d.insert(f);
           return d;
         }())
                  << "; missing:" << show([&] {
                       std::set<std::string> d;
                       for (const auto& f : expected_files)
                         if (!files.count(f)) d.insert(f);
                       return d;
                     }()));
    CHECK(files == expected_files);
    identical += same && same_measurements && files == expected_files;
  }
  MESSAGE("kill-and-resume: " << identical << " of " << trials
                              << " resumed runs byte-identical (ledger and measurements) with "
                              << "exactly the files of an uninterrupted run");
}

TEST_CASE(
    "a --resume started while the run still writes is refused (exit 2); the run is unharmed") {
  test::ToyWorld w("concurrent");
  std::string reference = w.root + "/reference";
  REQUIRE(wait_for(spawn(ablate_args(w, reference, 0))) == 0);
  std::string expected = test::read_text(reference + "/ledger.jsonl");
  std::string expected_measurements = test::read_text(reference + "/measurements.json");
  int records = count_lines(reference + "/ledger.jsonl") - 1;
  std::mt19937 rng(std::random_device{}());
  // SOLVER_CONCURRENCY_TRIALS=N runs more (docs/reliability.md).
  int trials = std::getenv("SOLVER_CONCURRENCY_TRIALS")
                   ? std::atoi(std::getenv("SOLVER_CONCURRENCY_TRIALS"))
                   : 3;
  int refused = 0, intact = 0;
  for (int trial = 0; trial < trials; ++trial) {
    std::string out = w.root + "/run" + std::to_string(trial);
    int after = std::uniform_int_distribution<int>(0, records - 3)(rng);
    pid_t pid = spawn(ablate_args(w, out, 100));
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (count_lines(out + "/ledger.jsonl") < 1 + after &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    std::vector<std::string> resume{SOLVER_BIN,       "--data-dir", SOLVER_SOURCE_DIR,
                                    "ablate",         "--resume",   out,
                                    "--problems-dir", w.problems,   "--quiet"};
    int second = wait_for(spawn(resume));
    int first = wait_for(pid);
    INFO("trial " << trial << ": resume after " << after << " records exited " << second
                  << ", the run " << first);
    CHECK(first == 0);
    CHECK(second == 2);  // the run was still writing (>= 3 rounds of 100 ms were left)
    refused += second == 2;
    bool ok = test::read_text(out + "/ledger.jsonl") == expected &&
              test::read_text(out + "/measurements.json") == expected_measurements;
    CHECK(ok);
    intact += ok;
  }
  MESSAGE("resume-while-running: " << refused << " of " << trials << " refused with exit 2, "
                                   << intact << " of " << trials
                                   << " runs byte-identical to the reference");
}

TEST_CASE("without libnvrtc solver still starts, replays, and says why it cannot compile") {
  // libnvrtc is dlopen'ed: point solver at a library that does not exist (a fresh process,
  // since the library is looked up once per process).
  std::string out_file =
      (std::filesystem::temp_directory_path() / ("solver-nonvrtc-" + std::to_string(::getpid())))
          .string();
  std::string cmd = std::string("SOLVER_NVRTC_LIBRARY=/nonexistent/libnvrtc.so.13 ") + SOLVER_BIN +
                    " --data-dir " + SOLVER_SOURCE_DIR +
                    " problems check sigmoid --compile-only --json > " + out_file + " 2>&1";
  int rc = std::system(cmd.c_str());
  std::ifstream in(out_file);
  std::stringstream ss;
  ss << in.rdbuf();
  INFO(ss.str());
  CHECK(WEXITSTATUS(rc) == 0);  // a skip, said in every row (as the gate is without a GPU)
  CHECK(ss.str().find("no NVRTC") != std::string::npos);
  // A build without NVRTC (the sanitizer job's SOLVER_WITH_CUDA=OFF) has no library to name.
  if (generators::nvrtc_unavailable_reason() != "not built with NVRTC")
    CHECK(ss.str().find("/nonexistent/libnvrtc.so.13") != std::string::npos);
  // The offline loop needs no compiler at all.
  cmd = std::string("SOLVER_NVRTC_LIBRARY=/nonexistent/libnvrtc.so.13 ") + SOLVER_BIN +
        " --data-dir " + SOLVER_SOURCE_DIR + " run --problem sigmoid --rounds 2 --evolve off" +
        " --backend recorded --quiet --out " + out_file + ".run > " + out_file + " 2>&1";
  CHECK(WEXITSTATUS(std::system(cmd.c_str())) == 0);
  std::filesystem::remove_all(out_file + ".run");
  std::filesystem::remove(out_file);
}
