// Shared by the generators tests: fixture paths, a chip profile built in code (so these tests
// do not depend on chips.yaml), temporary problem folders, and diagnostics helpers.
#pragma once
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "generators/problem_spec.h"
#include "rules/chips.h"
#include "rules/diagnostics.h"

namespace solver::generators::test {

inline std::string source_dir() { return SOLVER_SOURCE_DIR; }
inline std::string good_dir() { return source_dir() + "/tests/data/problems/good"; }
inline std::string bad_dir() { return source_dir() + "/tests/data/problems/bad"; }

// H200-like: sm_90, 227 KiB opt-in shared memory per block.
inline rules::ChipProfile test_chip(double smem_kib = 227, int cc_major = 9, int cc_minor = 0) {
  rules::ChipProfile c;
  c.id = "testchip";
  c.name = "Test Chip";
  c.cc_major = cc_major;
  c.cc_minor = cc_minor;
  c.numbers["smem_per_block_kib"] = smem_kib;
  return c;
}

// A fresh folder under the system temp dir, removed on destruction.
class TempDir {
 public:
  TempDir() {
    static int n = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("solver-gen-test-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }
  void write(const std::string& rel, const std::string& text) const {
    auto p = path_ / rel;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }

 private:
  std::filesystem::path path_;
};

// What `f` wrote on stderr (fd 2 sent to a file under `t` meanwhile).
template <typename F>
std::string stderr_of(const TempDir& t, F f) {
  const std::string path = (t.path() / "stderr.txt").string();
  std::fflush(stderr);
  const int saved = ::dup(2);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ::dup2(fd, 2);
  ::close(fd);
  f();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The NVRTC cache folder one ctest run's compile-heavy tests share: $SOLVER_TEST_NVRTC_CACHE,
// set by tests/generators/CMakeLists.txt (emptied at the start of each ctest run by the fixture
// nvrtc_test_cache, so within a run each kernel is compiled once: nvrtc_compile_test compiles
// every built-in point first, the tests ordered after it read back the same (source, options,
// NVRTC version), sealed: compile_cache.h). Empty where unset (the test binary run by hand):
// then a test compiles as it did alone.
inline std::string shared_nvrtc_cache_dir() {
  const char* d = std::getenv("SOLVER_TEST_NVRTC_CACHE");
  return d ? d : "";
}

// The diagnostics load_problem throws for `dir` (empty if it loads).
inline std::vector<rules::Diagnostic> load_errors(const std::string& dir) {
  try {
    load_problem(dir);
  } catch (const rules::InputError& e) {
    return e.diagnostics();
  }
  return {};
}

// True if some diagnostic is at line:col and its message contains `needle`.
inline bool has_error(const std::vector<rules::Diagnostic>& ds, int line, int col,
                      const std::string& needle) {
  for (const auto& d : ds)
    if (d.where.line == line && (col == 0 || d.where.column == col) &&
        d.message.find(needle) != std::string::npos)
      return true;
  return false;
}

inline std::string dump(const std::vector<rules::Diagnostic>& ds) {
  std::string out;
  for (const auto& d : ds) out += d.to_string() + "\n";
  return out;
}

}  // namespace solver::generators::test
