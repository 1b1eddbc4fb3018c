#include "generators/kernel_library.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <set>

#include "generators/problem_spec.h"
#include "generators/source_confinement.h"

#ifndef SOLVER_SOURCE_DIR
#error "SOLVER_SOURCE_DIR must be defined for solver_generators (generators/CMakeLists.txt)"
#endif

namespace solver::generators {

namespace fs = std::filesystem;

namespace {

std::mutex g_mutex;
std::string g_dir;  // set_kernel_library_dir's folder, "" for the default

bool within(const fs::path& p, const fs::path& root) {
  auto r = std::mismatch(root.begin(), root.end(), p.begin(), p.end());
  return r.first == root.end();
}

bool has_dotdot(const fs::path& p) {
  return std::any_of(p.begin(), p.end(), [](const fs::path& c) { return c == ".."; });
}

std::string default_dir() {
  if (const char* env = std::getenv("SOLVER_KERNELS_DIR"); env && *env) return env;
  if (const char* env = std::getenv("SOLVER_DATA_DIR"); env && *env)
    return (fs::path(env) / "kernels").string();
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path installed = exe.parent_path().parent_path() / "share" / "solver" / "kernels";
    if (fs::is_directory(installed, ec)) return installed.string();
  }
  return (fs::path(SOLVER_SOURCE_DIR) / "kernels").string();
}

// A relative path without '..' that lands inside `root` once links are resolved.
rules::Outcome<fs::path> confined(const fs::path& root, const std::string& rel,
                                  const std::string& what, const std::string& where) {
  fs::path p(rel);
  if (rel.empty() || p.is_absolute())
    return rules::Failure{what + " '" + rel + "' must be a path relative to " + where};
  std::error_code ec;
  fs::path full = fs::weakly_canonical(root / p, ec);  // resolves symlinks too
  if (ec || has_dotdot(p) || !within(full, root))
    return rules::Failure{what + " '" + rel + "' leaves " + where +
                          " ('..', or a symlink pointing out)"};
  return full;
}

}  // namespace

std::string kernel_library_dir() {
  std::string dir;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    dir = g_dir;
  }
  if (dir.empty()) dir = default_dir();
  std::error_code ec;
  fs::path c = fs::weakly_canonical(dir, ec);
  return ec ? dir : c.string();
}

void set_kernel_library_dir(const std::string& dir) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_dir = dir;
}

bool names_library_file(const std::string& source) { return source.rfind(kLibraryPrefix, 0) == 0; }

std::string kernel_source_path(const std::string& problem_dir, const std::string& source) {
  if (names_library_file(source))
    return (fs::path(kernel_library_dir()) / source.substr(std::string(kLibraryPrefix).size()))
        .string();
  return (fs::path(problem_dir) / source).string();
}

rules::Outcome<std::string> check_kernel_source(const std::string& problem_dir,
                                                const std::string& source) {
  const bool lib = names_library_file(source);
  std::error_code ec;
  const std::string lib_dir = lib ? kernel_library_dir() : "";
  if (lib && !fs::is_directory(lib_dir, ec))
    return rules::Failure{"source '" + source +
                          "' names the kernel library, and there is none at " + lib_dir +
                          " (set --data-dir or $SOLVER_KERNELS_DIR)"};
  const fs::path root = fs::weakly_canonical(lib ? lib_dir : problem_dir, ec);
  const std::string rel = lib ? source.substr(std::string(kLibraryPrefix).size()) : source;
  auto full = confined(root, rel, "source", lib ? "the kernel library" : "the problem folder");
  if (!full) return full.error();
  if (!fs::exists(*full, ec))
    return rules::Failure{"source file '" + source + "' not found in " + root.string()};
  if (!fs::is_regular_file(*full, ec))  // stat only: a FIFO is never opened
    return rules::Failure{"source '" + source +
                          "' is not a regular file (a FIFO, a device or a folder)"};
  return full->string();
}

rules::Outcome<std::string> library_include_dir(const std::string& folder) {
  std::error_code ec;
  const std::string lib_dir = kernel_library_dir();
  if (!fs::is_directory(lib_dir, ec))
    return rules::Failure{"kernels: '" + folder +
                          "' names the kernel library, and there is none at " + lib_dir +
                          " (set --data-dir or $SOLVER_KERNELS_DIR)"};
  auto full = confined(fs::path(lib_dir), folder, "kernels: folder", "the kernel library");
  if (!full) return full.error();
  if (!fs::is_directory(*full, ec))
    return rules::Failure{"kernels: folder '" + folder +
                          "' is not a folder of the kernel library (" + lib_dir + ")"};
  return full->string();
}

std::vector<std::pair<std::string, std::string>> library_files(const ProblemSpec& spec) {
  std::error_code ec;
  const fs::path lib = fs::weakly_canonical(kernel_library_dir(), ec);
  if (ec || !fs::is_directory(lib, ec)) return {};
  std::set<fs::path> reached;
  auto visit = [&](const std::string& source, const std::vector<std::string>& extra) {
    if (source.empty()) return;
    const std::string path = kernel_source_path(spec.dir, source);
    std::vector<std::string> headers;
    std::vector<std::string> dirs = extra;
    dirs.insert(dirs.end(), spec.library_dirs.begin(), spec.library_dirs.end());
    check_includes(spec.dir, path, dirs, &headers);
    headers.push_back(path);
    for (const auto& h : headers) {
      fs::path c = fs::weakly_canonical(h, ec);
      if (!ec && within(c, lib)) reached.insert(c);
    }
  };
  visit(spec.reference.source, {});
  for (const auto& v : spec.variants) {
    std::vector<std::string> dirs;
    for (const auto& o : v.compile_options)
      if (o.rfind("-I", 0) == 0) dirs.push_back(o.substr(2));
    visit(v.source, dirs);
  }
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& p : reached)
    out.emplace_back(kLibraryPrefix + fs::relative(p, lib, ec).generic_string(), p.string());
  return out;
}

}  // namespace solver::generators
