#include "engine/backend/gpu/sass_producers.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

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

}  // namespace

namespace {

// The output of the toolkit's `tool` (cuobjdump or nvdisasm, beside each other in its bin
// folder) with `args` on `cubin` written to a temp file; "" when it gave none.
std::string run_on_cubin(const std::string& tool, const std::string& args, const std::string& cubin,
                         std::string* note) {
  std::error_code ec;
  // A new file of an unpredictable name, made O_EXCL and 0600 by mkstemps: a link planted under
  // the temp folder cannot redirect the write (review38; the old name was pid and a serial).
  std::string name = (fs::temp_directory_path(ec) / "solver-pc-XXXXXX.cubin").string();
  const int fd = mkstemps(name.data(), 6);
  if (fd < 0) {
    if (note) *note = "cannot make a temp file like " + name;
    return "";
  }
  fs::path file = name;
  bool written = true;
  for (size_t off = 0; written && off < cubin.size();) {
    const ssize_t n = ::write(fd, cubin.data() + off, cubin.size() - off);
    written = n > 0;
    if (written) off += size_t(n);
  }
  if (::close(fd) != 0 || !written) {
    fs::remove(file, ec);
    if (note) *note = "cannot write " + file.string();
    return "";
  }
  // Arguments are a found path (refused by the callers if it holds a quote), fixed options and
  // our own temp name under the temp folder: single quotes are enough. cuobjdump runs nvdisasm,
  // which it looks up on PATH: the tool's own folder goes first.
  std::string dir = fs::path(tool).parent_path().string();
  std::string cmd = "PATH='" + dir + "':\"$PATH\" '" + tool + "' " + args + " '" + file.string() +
                    "' 2>/dev/null";
  std::string text;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[65536];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0 && text.size() < (size_t(64) << 20);)
      text.append(buf, n);
    pclose(p);
  }
  fs::remove(file, ec);
  return text;
}

}  // namespace

std::optional<std::string> disassemble_cubin(const std::string& cubin, std::string* note) {
  auto why = [&](std::string s) -> std::optional<std::string> {
    if (note) *note = std::move(s);
    return std::nullopt;
  };
  if (const char* off = std::getenv("SOLVER_NO_SASS_CAUSES"); off && std::string(off) == "1")
    return why("SOLVER_NO_SASS_CAUSES=1");
  std::string tool = find_cuobjdump();
  if (tool.empty()) return why("cuobjdump not found (CUDA_HOME/bin, /usr/local/cuda/bin, PATH)");
  if (tool.find('\'') != std::string::npos) return why("cuobjdump's path holds a quote: " + tool);
  std::string sass = run_on_cubin(tool, "-sass", cubin, note);
  if (sass.empty()) return why(note && !note->empty() ? *note : "cuobjdump gave no SASS");
  return sass;
}

profiling::InlineChains inline_chains_of(const std::string& cubin, std::string* note) {
  if (const char* off = std::getenv("SOLVER_NO_SASS_CAUSES"); off && std::string(off) == "1") {
    if (note) *note = "SOLVER_NO_SASS_CAUSES=1";
    return {};
  }
  std::string objdump = find_cuobjdump();
  fs::path tool = objdump.empty() ? fs::path() : fs::path(objdump).parent_path() / "nvdisasm";
  std::error_code ec;
  if (tool.empty() || !fs::is_regular_file(tool, ec) || access(tool.c_str(), X_OK) != 0) {
    if (note) *note = "nvdisasm not found beside cuobjdump: inlined code keeps the header's line";
    return {};
  }
  if (tool.string().find('\'') != std::string::npos) {
    if (note) *note = "nvdisasm's path holds a quote: " + tool.string();
    return {};
  }
  std::string text = run_on_cubin(tool.string(), "-gi -c", cubin, note);
  if (text.empty() && note && note->empty()) *note = "nvdisasm -gi gave no output";
  return profiling::parse_inline_chains(text);
}

std::vector<profiling::StallCause> stall_producers(profiling::PcModule& m,
                                                   const std::string& function,
                                                   const std::vector<profiling::PcRecord>& pcs,
                                                   const profiling::Locate& locate,
                                                   std::string* note) {
  auto why = [&](std::string s) {
    if (note) *note = "root-cause step not run: " + std::move(s);
    return std::vector<profiling::StallCause>{};
  };
  if (!m.sass) return why(m.sass_note.empty() ? "no disassembly" : m.sass_note);
  const std::vector<profiling::SassInstr>& instrs = m.function_sass(function);
  if (instrs.empty()) return why("cuobjdump gave no SASS for " + function);
  return profiling::stall_causes(instrs, pcs, locate, kMaxCauses);
}

}  // namespace solver::gpu
