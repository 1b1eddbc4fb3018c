// The measured ceilings on disk (ceilings_cache.h): one sealed entry a chip, through the cache
// folder generators/cache_trust.h judged.
#include "engine/backend/ceilings_cache.h"

#include <nlohmann/json.hpp>

#include "engine/backend/value_json.h"
#include "generators/cache_trust.h"

namespace solver::engine {

namespace {

constexpr const char* kFormat = "solver-ceilings-v2";  // v2: the seal (v1 files are misses)
constexpr std::size_t kMaxEntryBytes = std::size_t(1) << 20;

// What the seal covers: the format, the entry's name (its chip) and the numbers' text.
std::string sealed_text(const std::string& name, const std::string& numbers) {
  return std::string(kFormat) + "\n" + std::to_string(name.size()) + ":" + name + "\n" + numbers;
}

}  // namespace

std::string ceilings_entry_name(const std::string& chip_id) {
  return "ceilings-" + chip_id + ".json";
}

std::optional<Ceilings> load_ceilings(const std::string& dir, const std::string& chip_id,
                                      const std::string& device_name) {
  const std::string name = ceilings_entry_name(chip_id);
  const auto text = generators::read_cache_entry(dir, name, kMaxEntryBytes);
  if (!text) return std::nullopt;
  try {
    const nlohmann::json j = nlohmann::json::parse(*text);
    if (!j.is_object() || j.value("format", "") != kFormat) return std::nullopt;
    const nlohmann::json& numbers = j.at("ceilings");
    if (!generators::cache_seal_matches(sealed_text(name, numbers.dump()),
                                        j.at("seal").get<std::string>())) {
      // said, as the other sealed caches say theirs (review39: a planted file went unsaid)
      generators::say_cache_entry_ignored("measured ceilings", dir + "/" + name,
                                          "its seal is not this user's key's", "measured again");
      return std::nullopt;
    }
    Ceilings c = ceilings_from_json(numbers);
    if (c.chip_id != chip_id || c.device_name != device_name || !(c.copy_gbps > 0))
      return std::nullopt;
    c.from_cache = true;
    return c;
  } catch (const std::exception&) {  // not JSON, a field missing or of another type
    return std::nullopt;
  }
}

bool store_ceilings(const std::string& dir, const Ceilings& c) {
  const std::string name = ceilings_entry_name(c.chip_id);
  const nlohmann::json numbers = to_json(c);
  const std::string text = numbers.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  const std::optional<std::string> seal = generators::cache_seal(sealed_text(name, text));
  if (!seal) return false;
  nlohmann::json j;
  j["format"] = kFormat;
  j["ceilings"] = nlohmann::json::parse(text);
  j["seal"] = *seal;
  return generators::write_cache_entry(dir, name, j.dump(2) + "\n");
}

}  // namespace solver::engine
