// `solver --version`: what a bug report needs first. The commit comes from the build
// (cmake/build_commit.cmake); the worker and NVRTC are looked up now, since both are found at
// run time (the worker next to this executable, libnvrtc by dlopen).
#include <filesystem>
#include <ostream>

#include "build_commit.h"
#include "engine/backend/live_backend.h"
#include "engine/cli/commands.h"
#include "engine/cli/loop_options.h"
#include "generators/nvrtc_compiler.h"

#ifndef SOLVER_VERSION
#define SOLVER_VERSION "0.1.0"
#endif

namespace solver::cli {

std::string build_id() {
  return std::string(SOLVER_VERSION) + " (commit " + SOLVER_BUILD_COMMIT + ")";
}

void print_version(std::ostream& out) {
  out << "solver " << SOLVER_VERSION << " (commit " << SOLVER_BUILD_COMMIT << ")\n";
  std::string worker = engine::default_worker_path();
  std::error_code ec;
  if (std::filesystem::exists(worker, ec))
    out << "live GPU worker: " << worker << '\n';
  else
    out << "live GPU worker: not built (no CUDA toolkit at build time): recorded measurements "
           "only\n";
  if (generators::nvrtc_available())
    out << "NVRTC: " << generators::nvrtc_version() << " (" << generators::nvrtc_library() << ")\n";
  else
    out << "NVRTC: unavailable: " << generators::nvrtc_unavailable_reason() << '\n';
}

}  // namespace solver::cli
