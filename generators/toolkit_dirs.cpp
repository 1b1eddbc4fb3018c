#include "generators/toolkit_dirs.h"

#include <cstdlib>
#include <filesystem>

namespace solver::generators {

namespace fs = std::filesystem;

std::optional<std::string> cuda_include_dir() {
  std::vector<std::string> candidates;
  for (const char* env : {"CUDA_HOME", "CUDA_PATH"})
    if (const char* v = std::getenv(env); v && *v)
      candidates.push_back(std::string(v) + "/include");
#ifdef SOLVER_CUDA_INCLUDE_DIR
  candidates.push_back(SOLVER_CUDA_INCLUDE_DIR);
#endif
  candidates.push_back("/usr/local/cuda/include");
  std::error_code ec;
  for (const auto& c : candidates)
    if (fs::is_regular_file(fs::path(c) / "cuda_runtime.h", ec)) return c;
  return std::nullopt;
}

std::optional<std::string> cccl_include_dir() {
  auto inc = cuda_include_dir();
  if (!inc) return std::nullopt;
  std::error_code ec;
  fs::path cccl = fs::path(*inc) / "cccl";
  if (fs::is_regular_file(cccl / "cuda" / "std" / "type_traits", ec)) return cccl.string();
  return std::nullopt;  // CUDA 12 keeps cuda/std directly under include/
}

std::vector<std::string> toolkit_include_dirs() {
  std::vector<std::string> out;
  if (auto inc = cuda_include_dir()) out.push_back(*inc);
  if (auto cccl = cccl_include_dir()) out.push_back(*cccl);
  return out;
}

}  // namespace solver::generators
