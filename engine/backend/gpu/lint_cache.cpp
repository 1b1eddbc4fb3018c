#include "engine/backend/gpu/lint_cache.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "generators/cache_trust.h"
#include "rules/hash.h"

namespace solver::gpu {

namespace {

constexpr const char* kFormat = "solver-lint-verdict-v2";     // v2: the seal (red team 37)
constexpr std::size_t kMaxEntryBytes = std::size_t(4) << 20;  // a verdict is words, not data

void add_field(std::string& data, const std::string& name, const std::string& value) {
  data += name;
  data += '=';
  data += std::to_string(value.size());
  data += ':';
  data += value;
  data += '\n';
}

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// What an entry's seal covers (generators/cache_trust.h: HMAC-SHA256 under the user's key): a
// file cut short, edited, mixed from two writers, copied in or written under another key does not
// match it (red team 37: an unkeyed digest here let anyone plant an empty `refusal`).
std::string sealed_text(const std::string& key, const std::string& made,
                        const SampleLintVerdict& v) {
  std::string data = kFormat;
  data += '\n';
  add_field(data, "key", key);
  add_field(data, "made", made);
  add_field(data, "refusal", v.refusal);
  add_field(data, "note", v.note);
  add_field(data, "law_checks", v.law_checks ? "1" : "0");
  add_field(data, "law_note", v.law_note);
  add_field(data, "law_said", v.law_said);
  return data;
}

std::string entry_name(const std::string& key) { return key + ".lint.json"; }

}  // namespace

std::string lint_cache_key(const LintKeyInputs& in) {
  std::string data = "solver-lint-cache\n";
  add_field(data, "version", std::to_string(kLintCacheVersion));
  add_field(data, "sources", lint_sources_hash());
  add_field(data, "problem", in.problem);
  add_field(data, "spec", rules::sha256_hex(in.spec_bytes));
  add_field(data, "reference", in.reference_hash);
  add_field(data, "set0", in.set0_key);
  std::string digests;
  for (uint64_t d : in.set0_digests) digests += std::to_string(d) + ",";
  add_field(data, "set0_digests", digests);
  add_field(data, "buffers", in.buffers);
  add_field(data, "precision", in.precision);
  std::string tols;
  for (const generators::Tolerance& t : in.tolerances)
    tols += num(t.rtol) + "/" + num(t.atol) + "/" + num(t.class_rtol) + ",";
  add_field(data, "tolerances", tols);
  add_field(data, "homogeneous", in.homogeneous ? "1" : "0");
  add_field(data, "law_checks", in.law_checks ? "1" : "0");
  add_field(data, "device", in.device);
  add_field(data, "env", in.env);
  return rules::sha256_hex(data);
}

std::string lint_memo_key(const std::string& homogeneous, const std::string& precision,
                          const std::vector<generators::Tolerance>& tolerances) {
  std::string key = homogeneous + "|" + precision;
  for (const generators::Tolerance& t : tolerances)
    key += "|" + num(t.rtol) + "," + num(t.atol) + "," + num(t.class_rtol);
  return key;
}

std::optional<LintCacheEntry> load_lint_verdict(const std::string& dir, const std::string& key) {
  if (generators::trusted_cache_dir(dir).empty()) return std::nullopt;
  const auto text = generators::read_cache_entry(dir, entry_name(key), kMaxEntryBytes);
  if (!text || text->empty()) return std::nullopt;
  try {
    const nlohmann::json j = nlohmann::json::parse(*text);
    if (!j.is_object() || j.value("format", "") != kFormat || j.value("key", "") != key)
      return std::nullopt;
    LintCacheEntry e;
    e.made = j.at("made").get<std::string>();
    e.problem = j.value("problem", "");
    e.verdict.refusal = j.at("refusal").get<std::string>();
    e.verdict.note = j.at("note").get<std::string>();
    e.verdict.law_checks = j.at("law_checks").get<bool>();
    e.verdict.law_note = j.at("law_note").get<std::string>();
    e.verdict.law_said = j.at("law_said").get<std::string>();
    if (e.made.empty() || !generators::cache_seal_matches(sealed_text(key, e.made, e.verdict),
                                                          j.at("seal").get<std::string>())) {
      generators::say_cache_entry_ignored("lint verdict", dir + "/" + entry_name(key),
                                          "its seal is not this user's key's", "linted again");
      return std::nullopt;
    }
    return e;
  } catch (const std::exception&) {  // not JSON, a field missing or of another type
    return std::nullopt;
  }
}

bool store_lint_verdict(const std::string& dir, const std::string& key, const LintCacheEntry& e) {
  if (generators::trusted_cache_dir(dir).empty()) return false;
  const std::optional<std::string> seal =
      generators::cache_seal(sealed_text(key, e.made, e.verdict));
  if (!seal) return false;
  nlohmann::json j;
  j["format"] = kFormat;
  j["key"] = key;
  j["made"] = e.made;
  j["problem"] = e.problem;
  j["refusal"] = e.verdict.refusal;
  j["note"] = e.verdict.note;
  j["law_checks"] = e.verdict.law_checks;
  j["law_note"] = e.verdict.law_note;
  j["law_said"] = e.verdict.law_said;
  j["seal"] = *seal;
  return generators::write_cache_entry(dir, entry_name(key), j.dump(1) + "\n");  // false: a miss
}

std::string lint_cache_note(const std::string& key, const std::string& made) {
  return std::string(kLintCacheMarker) + " " + key.substr(0, 12) + " from " + made +
         " (SOLVER_LINT_CACHE=0 or problems check --no-cache runs the lint afresh)";
}

std::string lint_cache_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
  return buf;
}

bool lint_cache_enabled_by_env() {
  const char* off = std::getenv("SOLVER_LINT_CACHE");
  if (off && std::string(off) == "0") return false;
  const char* cross = std::getenv("SOLVER_SHARES_CROSSCHECK");
  return !(cross && *cross);
}

}  // namespace solver::gpu
