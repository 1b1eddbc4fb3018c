#include "engine/loop/data_paths.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#ifndef SOLVER_SOURCE_DIR
#error "SOLVER_SOURCE_DIR must be defined for solver_engine (engine/CMakeLists.txt)"
#endif

namespace fs = std::filesystem;

namespace solver::engine {
namespace {

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

// An installed tree keeps data beside the binary (share/solver), the source tree at its root
// (tests/data); the same relative name is tried in both layouts.
std::string first_existing(const std::string& data_dir, const char* installed, const char* source) {
  fs::path a = fs::path(data_dir) / installed;
  if (fs::exists(a)) return a.string();
  return (fs::path(data_dir) / source).string();
}

}  // namespace

std::string default_data_dir() {
  if (const char* env = std::getenv("SOLVER_DATA_DIR"); env && *env) return env;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path share = exe.parent_path().parent_path() / "share" / "solver";
    if (is_dir(share)) return share.string();
  }
  return SOLVER_SOURCE_DIR;
}

std::string rules_file(const std::string& d) {
  return (fs::path(d) / "rules" / "rules.yaml").string();
}
std::string chips_file(const std::string& d) {
  return (fs::path(d) / "rules" / "chips.yaml").string();
}
std::string problems_root(const std::string& d) { return (fs::path(d) / "problems").string(); }
std::string kernels_root(const std::string& d) { return (fs::path(d) / "kernels").string(); }
std::string recordings_dir(const std::string& d) {
  return first_existing(d, "recordings", "tests/data/recordings");
}
std::string default_recordings(const std::string& d) {
  const fs::path dir = recordings_dir(d);
  std::string list = (dir / "h200.json").string();
  if (fs::is_regular_file(dir / "h200-large.json"))
    list += "," + (dir / "h200-large.json").string();
  return list;
}
std::string fixture_file(const std::string& d, const std::string& name) {
  return first_existing(d, ("fixtures/" + name).c_str(), ("tests/data/" + name).c_str());
}

}  // namespace solver::engine
