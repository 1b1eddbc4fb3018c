// How a GPU test (ctest label `gpu`) says "no GPU here": it prints why and ends the process with
// kSkipExitCode, which ctest reports as skipped (SKIP_RETURN_CODE, set in tests/CMakeLists.txt)
// rather than passed. Every case of a GPU test needs the device, so the first one to find none
// ends the whole binary. Also where a GPU test finds its data: a GPU test binary is often
// copied to the GPU machine and run from a checkout there.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace solver::test {

inline constexpr int kSkipExitCode = 77;

[[noreturn]] inline void skip_without_gpu(const std::string& why) {
  std::printf("SKIP (no GPU): %s\n", why.c_str());
  std::fflush(stdout);
  std::_Exit(kSkipExitCode);
}

// $SOLVER_TEST_SOURCE_DIR, else the source tree this was built from, where either holds `marker`
// (a path inside it), else the working directory (scripts/reliability.sh runs copied binaries
// from the repository root).
inline std::string gpu_test_source_dir(const char* marker) {
  std::error_code ec;
  // $SOLVER_TEST_SOURCE_DIR first (scripts/gpu/run.sh sets it; a copy of the tree holding part
  // of a suite runs only that part), where it holds the marker.
  if (const char* e = std::getenv("SOLVER_TEST_SOURCE_DIR");
      e && *e && std::filesystem::exists(std::filesystem::path(e) / marker, ec))
    return e;
  if (std::filesystem::exists(std::filesystem::path(SOLVER_SOURCE_DIR) / marker, ec))
    return SOLVER_SOURCE_DIR;
  return std::filesystem::current_path().string();
}

// The solver-gpu to drive: $SOLVER_GPU_WORKER, else the one built next to the test (the test
// target's SOLVER_GPU_WORKER_PATH), else "" (the live backend then looks next to solver).
inline std::string gpu_test_worker_path() {
  if (const char* w = std::getenv("SOLVER_GPU_WORKER")) return w;
#ifdef SOLVER_GPU_WORKER_PATH
  return SOLVER_GPU_WORKER_PATH;
#else
  return "";
#endif
}

}  // namespace solver::test
