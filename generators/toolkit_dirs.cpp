#include "generators/toolkit_dirs.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "rules/hash.h"

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

namespace {

// "<path> <size> <mtime ns>\n", or "<path> absent\n".
std::string stat_line(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return path + " absent\n";
  const long long ns =
      static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
  return path + " " + std::to_string(st.st_size) + " " + std::to_string(ns) + "\n";
}

}  // namespace

std::string toolkit_fingerprint(const std::vector<std::string>& dirs,
                                const std::vector<std::string>& files) {
  std::string all = "solver-toolkit-fingerprint-v1\n";
  for (const auto& d : dirs) {
    std::vector<std::string> lines;
    std::error_code ec;
    fs::recursive_directory_iterator it(d, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::error_code e2;
      if (it->is_regular_file(e2)) lines.push_back(stat_line(it->path().string()));
    }
    std::sort(lines.begin(), lines.end());
    all += "dir " + d + (ec ? " unreadable\n" : "\n");
    for (const auto& l : lines) all += l;
  }
  for (const auto& f : files) all += "file " + stat_line(f);
  return rules::sha256_hex(all);
}

}  // namespace solver::generators
