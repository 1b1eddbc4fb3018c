// How a GPU test (ctest label `gpu`) says "no GPU here": it prints why and ends the process with
// kSkipExitCode, which ctest reports as skipped (SKIP_RETURN_CODE, set in tests/CMakeLists.txt)
// rather than passed. Every case of a GPU test needs the device, so the first one to find none
// ends the whole binary.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>

namespace solver::test {

inline constexpr int kSkipExitCode = 77;

[[noreturn]] inline void skip_without_gpu(const std::string& why) {
  std::printf("SKIP (no GPU): %s\n", why.c_str());
  std::fflush(stdout);
  std::_Exit(kSkipExitCode);
}

}  // namespace solver::test
