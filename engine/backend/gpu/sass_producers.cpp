#include "engine/backend/gpu/sass_producers.h"

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "profiling/sass_deps.h"

namespace solver::gpu {
namespace {

namespace fs = std::filesystem;

// The toolkit's cuobjdump: $CUDA_HOME/bin, the usual install folders, else PATH ("" = none).
std::string find_cuobjdump() {
  std::vector<std::string> dirs;
  if (const char* home = std::getenv("CUDA_HOME")) dirs.push_back(std::string(home) + "/bin");
  dirs.insert(dirs.end(), {"/usr/local/cuda/bin", "/usr/local/cuda-13.0/bin"});
  if (const char* path = std::getenv("PATH")) {
    std::string p = path;
    for (size_t at = 0, end; at <= p.size(); at = end + 1) {
      end = p.find(':', at);
      if (end == std::string::npos) end = p.size();
      if (end > at) dirs.push_back(p.substr(at, end - at));
    }
  }
  for (const auto& d : dirs) {
    std::error_code ec;
    fs::path exe = fs::path(d) / "cuobjdump";
    if (fs::is_regular_file(exe, ec) && access(exe.c_str(), X_OK) == 0) return exe.string();
  }
  return "";
}

bool plain_name(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

}  // namespace

std::vector<profiling::StallCause> stall_producers(const std::string& cubin,
                                                   const std::string& function,
                                                   const std::vector<profiling::PcRecord>& pcs,
                                                   const profiling::Locate& locate,
                                                   std::string* note) {
  auto why = [&](std::string s) {
    if (note) *note = "root-cause step not run: " + std::move(s);
    return std::vector<profiling::StallCause>{};
  };
  if (const char* off = std::getenv("SOLVER_NO_SASS_CAUSES"); off && std::string(off) == "1")
    return why("SOLVER_NO_SASS_CAUSES=1");
  if (!plain_name(function)) return why("the entry '" + function + "' is not a plain C name");
  std::string tool = find_cuobjdump();
  if (tool.empty()) return why("cuobjdump not found (CUDA_HOME/bin, /usr/local/cuda/bin, PATH)");
  if (tool.find('\'') != std::string::npos) return why("cuobjdump's path holds a quote: " + tool);
  std::error_code ec;
  fs::path file = fs::temp_directory_path(ec) /
                  ("solver-pc-" + std::to_string(getpid()) + "-" + function + ".cubin");
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(cubin.data(), std::streamsize(cubin.size()));
    if (!out) return why("cannot write " + file.string());
  }
  // Arguments are a found path (refused above if it holds a quote), a plain C identifier and
  // our own temp name under the temp folder: single quotes are enough.
  // cuobjdump runs nvdisasm, which it looks up on PATH: its own folder goes first.
  std::string dir = fs::path(tool).parent_path().string();
  std::string cmd = "PATH='" + dir + "':\"$PATH\" '" + tool + "' -sass -fun " + function + " '" +
                    file.string() + "' 2>/dev/null";
  std::string sass;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[65536];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0 && sass.size() < (size_t(64) << 20);)
      sass.append(buf, n);
    int rc = pclose(p);
    if (rc != 0 && sass.empty()) sass.clear();
  }
  fs::remove(file, ec);
  std::vector<profiling::SassInstr> instrs = profiling::parse_sass(sass, function);
  if (instrs.empty()) return why("cuobjdump gave no SASS for " + function);
  return profiling::stall_causes(instrs, pcs, locate, kMaxCauses);
}

}  // namespace solver::gpu
