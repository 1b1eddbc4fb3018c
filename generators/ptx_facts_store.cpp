// The PTX scans' facts on disk (ptx_facts_store.h): the key, one file a fact, atomic writes,
// entries that are not whole and consistent read as misses.
#include "generators/ptx_facts_store.h"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <string>

#include "generators/cache_trust.h"
#include "rules/hash.h"

namespace solver::generators {

namespace fs = std::filesystem;

namespace {

std::mutex& dir_mutex() {
  static std::mutex m;
  return m;
}
std::string& dir_value() {
  static std::string d;
  return d;
}

void add(std::string& to, const std::string& part) {
  to += std::to_string(part.size());
  to += ':';
  to += part;
}

std::string entry_name(const std::string& key) { return key + ".facts.json"; }

// What an entry's seal covers (cache_trust.h: HMAC-SHA256 under the user's key): the key, the
// site and the value's text. A file edited, damaged, copied in or written under another key is
// no entry (red team 37: an unkeyed digest here was computable by anyone).
std::string sealed_text(const std::string& key, const std::string& site,
                        const nlohmann::json& value) {
  std::string all = "solver-ptx-facts\n";
  add(all, key);
  add(all, site);
  add(all, value.dump());
  return all;
}

void warn_once(const std::string& path, const char* why) {
  say_cache_entry_ignored("PTX scan facts", path, why, "scanned again");
}

}  // namespace

void set_ptx_facts_dir(const std::string& dir) {
  std::lock_guard<std::mutex> held(dir_mutex());
  dir_value() = dir;
}

std::string ptx_facts_dir() {
  if (const char* v = std::getenv("SOLVER_PTX_FACTS"); v && std::strcmp(v, "0") == 0) return {};
  std::lock_guard<std::mutex> held(dir_mutex());
  return dir_value();
}

std::string ptx_facts_key(const std::string& site, const std::string& ptx_sha,
                          const std::string& args) {
  std::string all;
  add(all, std::to_string(kPtxFactsVersion));
  add(all, ptx_scan_sources_hash());
  add(all, site);
  add(all, ptx_sha);
  add(all, args);
  return rules::sha256_hex(all);
}

std::optional<nlohmann::json> load_ptx_facts(const std::string& dir, const std::string& key) {
  if (trusted_cache_dir(dir).empty()) return std::nullopt;  // said once by cache_trust
  const fs::path path = fs::path(dir) / entry_name(key);
  std::optional<std::string> text = read_cache_entry(dir, entry_name(key), 16u << 20);
  if (!text) return std::nullopt;  // none (or unreadable): an ordinary miss
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    warn_once(path.string(), "not JSON");
    return std::nullopt;
  }
  const auto version = j.find("version");
  const auto k = j.find("key");
  const auto site = j.find("site");
  const auto value = j.find("value");
  const auto seal = j.find("seal");
  if (version == j.end() || k == j.end() || site == j.end() || value == j.end() ||
      seal == j.end() || !version->is_number_integer() || !k->is_string() || !site->is_string() ||
      !seal->is_string()) {
    warn_once(path.string(), "a field missing");
    return std::nullopt;
  }
  if (version->get<int>() != kPtxFactsVersion || k->get<std::string>() != key) {
    warn_once(path.string(), "another version or key");
    return std::nullopt;
  }
  if (!cache_seal_matches(sealed_text(key, site->get<std::string>(), *value),
                          seal->get<std::string>())) {
    warn_once(path.string(), "its seal is not this user's key's");
    return std::nullopt;
  }
  return *value;
}

bool store_ptx_facts(const std::string& dir, const std::string& key, const std::string& site,
                     const nlohmann::json& value) {
  if (trusted_cache_dir(dir).empty()) return false;
  const std::optional<std::string> seal = cache_seal(sealed_text(key, site, value));
  if (!seal) return false;
  nlohmann::json j;
  j["version"] = kPtxFactsVersion;
  j["key"] = key;
  j["site"] = site;
  j["value"] = value;
  j["seal"] = *seal;
  return write_cache_entry(dir, entry_name(key), j.dump() + "\n");  // false: a miss next time
}

std::string double_bits(double v) {
  uint64_t u = 0;
  static_assert(sizeof u == sizeof v);
  std::memcpy(&u, &v, sizeof u);
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, u);
  return buf;
}

std::optional<double> bits_double(const nlohmann::json& j) {
  if (!j.is_string()) return std::nullopt;
  const std::string s = j.get<std::string>();
  if (s.size() != 16 || s.find_first_not_of("0123456789abcdef") != std::string::npos)
    return std::nullopt;
  const uint64_t u = std::strtoull(s.c_str(), nullptr, 16);
  double v = 0;
  std::memcpy(&v, &u, sizeof v);
  return v;
}

}  // namespace solver::generators
