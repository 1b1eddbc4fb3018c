#include "generators/compile_cache.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "generators/cache_trust.h"
#include "rules/hash.h"

namespace fs = std::filesystem;

namespace solver::generators {

namespace {

void add_field(std::string& data, const std::string& field) {
  data += std::to_string(field.size());
  data += ':';
  data += field;
}

// What an entry's seal covers (cache_trust.h: HMAC-SHA256 under the user's key): its key and
// its three files, so a .ptx the scans read and a .cubin that runs are one compile's, made here.
std::string sealed_text(const std::string& key, const std::string& log, const std::string& ptx,
                        const std::string& cubin) {
  std::string data = "solver-nvrtc-entry\n";
  add_field(data, key);
  add_field(data, log);
  add_field(data, ptx);
  add_field(data, cubin);
  return data;
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
  // A name of this user's (cache_trust.h refuses it where another user made it first).
  return (fs::temp_directory_path() / ("solver-nvrtc-" + std::to_string(::geteuid()))).string();
}

CompileCache::CompileCache(std::string dir) : dir_(std::move(dir)) {}

std::optional<CompileResult> CompileCache::load(const std::string& key) const {
  if (trusted_cache_dir(dir_).empty()) return std::nullopt;  // said once by cache_trust
  constexpr std::size_t kMaxFile = std::size_t(1) << 30;     // a cubin may be large
  // The .seal is written last: its presence marks a complete entry (an entry from before the
  // seal, or one copied in without it, is a miss and is compiled again).
  auto seal = read_cache_entry(dir_, key + ".seal", 256);
  if (!seal) return std::nullopt;
  auto cubin = read_cache_entry(dir_, key + ".cubin", kMaxFile);
  if (!cubin || cubin->empty()) return std::nullopt;
  auto ptx = read_cache_entry(dir_, key + ".ptx", kMaxFile);
  if (!ptx) return std::nullopt;
  auto log = read_cache_entry(dir_, key + ".log", kMaxFile);
  if (!log) return std::nullopt;
  if (!cache_seal_matches(sealed_text(key, *log, *ptx, *cubin), *seal)) {
    say_cache_entry_ignored("compile cache", (fs::path(dir_) / key).string(),
                            "its seal is not this user's key's", "compiled again");
    return std::nullopt;
  }
  CompileResult r;
  r.ok = true;
  r.cubin = std::move(*cubin);
  r.ptx = std::move(*ptx);
  if (!r.ptx.empty()) r.tensor_ops = scan_ptx_tensor_ops(r.ptx);
  r.log = std::move(*log);
  r.cache_hit = true;
  r.cache_key = key;
  r.kernels = parse_ptxas_usage(r.log);
  return r;
}

bool CompileCache::store(const std::string& key, const CompileResult& result) const {
  if (!result.ok || result.cubin.empty()) return false;
  if (trusted_cache_dir(dir_).empty()) return false;
  const std::optional<std::string> seal =
      cache_seal(sealed_text(key, result.log, result.ptx, result.cubin));
  if (!seal) return false;
  return write_cache_entry(dir_, key + ".log", result.log) &&
         write_cache_entry(dir_, key + ".ptx", result.ptx) &&
         write_cache_entry(dir_, key + ".cubin", result.cubin) &&
         write_cache_entry(dir_, key + ".seal", *seal);
}

}  // namespace solver::generators
