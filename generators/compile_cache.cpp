#include "generators/compile_cache.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "rules/hash.h"
#include "rules/text_file.h"

namespace fs = std::filesystem;

namespace solver::generators {

namespace {

void add_field(std::string& data, const std::string& field) {
  data += std::to_string(field.size());
  data += ':';
  data += field;
}

std::optional<std::string> read_all(const fs::path& p) {
  return rules::try_read_text_file(p.string(), std::size_t(1) << 30);  // a cubin may be large
}

// A cache entry that cannot be written is only a cache miss next time.
bool write_atomic(const fs::path& target, const std::string& bytes) {
  try {
    rules::write_file_atomically(target.string(), bytes);
    return true;
  } catch (const std::runtime_error&) {
    return false;
  }
}

}  // namespace

std::string compile_cache_key(const std::string& source_text,
                              const std::vector<std::string>& options,
                              const std::string& nvrtc_version, const std::string& arch) {
  std::string data = "solver-nvrtc-cache-v1\n";
  add_field(data, source_text);
  add_field(data, std::to_string(options.size()));
  for (const auto& o : options) add_field(data, o);
  add_field(data, nvrtc_version);
  add_field(data, arch);
  return rules::sha256_hex(data);
}

std::string default_cache_dir() {
  if (const char* d = std::getenv("SOLVER_CACHE_DIR"); d && *d) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x)
    return (fs::path(x) / "solver" / "nvrtc").string();
  if (const char* h = std::getenv("HOME"); h && *h)
    return (fs::path(h) / ".cache" / "solver" / "nvrtc").string();
  return (fs::temp_directory_path() / "solver-nvrtc").string();
}

CompileCache::CompileCache(std::string dir) : dir_(std::move(dir)) {}

std::optional<CompileResult> CompileCache::load(const std::string& key) const {
  fs::path base = fs::path(dir_) / key;
  // The .cubin is written last: its presence marks a complete entry.
  auto cubin = read_all(fs::path(base) += ".cubin");
  if (!cubin || cubin->empty()) return std::nullopt;
  CompileResult r;
  r.ok = true;
  r.cubin = std::move(*cubin);
  // An entry from before the PTX was kept has no .ptx: a miss, so it is compiled again.
  auto ptx = read_all(fs::path(base) += ".ptx");
  if (!ptx) return std::nullopt;
  r.ptx = std::move(*ptx);
  if (!r.ptx.empty()) r.tensor_ops = scan_ptx_tensor_ops(r.ptx);
  r.log = read_all(fs::path(base) += ".log").value_or("");
  r.cache_hit = true;
  r.cache_key = key;
  r.kernels = parse_ptxas_usage(r.log);
  return r;
}

bool CompileCache::store(const std::string& key, const CompileResult& result) const {
  if (!result.ok || result.cubin.empty()) return false;
  std::error_code ec;
  fs::create_directories(dir_, ec);
  fs::path base = fs::path(dir_) / key;
  if (!write_atomic(fs::path(base) += ".log", result.log)) return false;
  if (!write_atomic(fs::path(base) += ".ptx", result.ptx)) return false;
  return write_atomic(fs::path(base) += ".cubin", result.cubin);
}

}  // namespace solver::generators
