#include "rules/chips.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <tuple>

#include "rules/yaml_util.h"

namespace solver::rules {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Parses "8.6" (YAML may hand us 8.6 as a float-looking scalar; the text is what counts).
bool parse_cc(const std::string& text, int& major, int& minor) {
  auto dot = text.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 >= text.size()) return false;
  const char* b = text.data();
  auto r1 = std::from_chars(b, b + dot, major);
  auto r2 = std::from_chars(b + dot + 1, b + text.size(), minor);
  return r1.ec == std::errc{} && r1.ptr == b + dot && r2.ec == std::errc{} &&
         r2.ptr == b + text.size() && major > 0 && major < 100 && minor >= 0 && minor < 10;
}

// Every rate a capability implies: a chip that claims tf32 must say how fast it is, and a
// chip that gives a TF32 rate must claim tf32 (a rate without the capability is a typo).
struct RateForCap {
  const char* cap;
  const char* key;
};
constexpr RateForCap kRates[] = {{"tf32", "tf32_tflops"},
                                 {"fp16_tensor", "fp16_tflops"},
                                 {"bf16", "bf16_tflops"},
                                 {"fp8", "fp8_tflops"}};

// Numbers every profile must give (positive).
constexpr const char* kRequiredNumbers[] = {"sm_count", "smem_per_block_kib", "l2_mib", "dram_gbps",
                                            "fp32_tflops"};

std::optional<ChipProfile> parse_chip(const YAML::Node& node, const std::string& file,
                                      Diagnostics& diags) {
  if (!expect_map(node, "chip", file, diags)) return std::nullopt;
  std::vector<std::string> allowed = {"id", "name", "aliases", "cc", "capabilities", "source"};
  for (const auto& k : chip_numeric_properties())
    if (k != "cc") allowed.push_back(k);
  check_keys(node, allowed, file, diags);

  ChipProfile chip;
  chip.where = location_of(node, file);
  chip.id = get_string(node, "id", file, diags, true).value_or("");
  chip.name = get_string(node, "name", file, diags, true).value_or("");
  chip.source = get_string(node, "source", file, diags, true).value_or("");
  if (chip.source.empty() && node["source"].IsDefined() && !node["source"].IsNull())
    diags.error(location_of(node["source"], file), "chip source must name a datasheet");
  chip.aliases = get_string_list(node, "aliases", file, diags).value_or(std::vector<std::string>{});

  if (auto cc = get_string(node, "cc", file, diags, true)) {
    if (!parse_cc(*cc, chip.cc_major, chip.cc_minor))
      diags.error(location_of(node["cc"], file),
                  "cc must be a compute capability such as \"8.6\", got '" + *cc + "'");
  }

  if (auto caps = get_string_list(node, "capabilities", file, diags, true)) {
    const auto& known = known_capabilities();
    YAML::Node list = node["capabilities"];
    for (std::size_t i = 0; i < caps->size(); ++i) {
      const std::string& c = (*caps)[i];
      if (std::find(known.begin(), known.end(), c) == known.end()) {
        std::string all;
        for (const auto& k : known) all += " " + k;
        diags.error(location_of(list[i], file),
                    "unknown capability '" + c + "' (known:" + all + ")");
      } else if (!chip.capabilities.insert(c).second) {
        diags.error(location_of(list[i], file), "capability '" + c + "' listed twice");
      }
    }
  }

  for (const auto& key : chip_numeric_properties()) {
    if (key == "cc") continue;
    bool required = std::find(std::begin(kRequiredNumbers), std::end(kRequiredNumbers), key) !=
                    std::end(kRequiredNumbers);
    if (auto v = get_double(node, key, file, diags, required)) {
      if (*v < 0 || (required && *v == 0))
        diags.error(location_of(node[key], file), "'" + key + "' must be positive");
      // No chip property comes near 1e7 (SMs, KiB, MiB, GB/s, TFLOP/s, MHz): a bigger number
      // is a typo that would make every size check pass.
      else if (*v > 1e7)
        diags.error(location_of(node[key], file),
                    "'" + key + "' = " + node[key].Scalar() + " is out of range (at most 1e7)");
      chip.numbers[key] = *v;
    }
  }
  for (const auto& r : kRates) {
    double rate = chip.number(r.key);
    bool has = chip.has(r.cap);
    if (has && rate <= 0)
      diags.error(chip.where, "chip '" + chip.id + "' has capability '" + r.cap +
                                  "' but no positive '" + r.key + "'");
    if (!has && rate > 0)
      diags.error(location_of(node[r.key], file),
                  "'" + std::string(r.key) + "' given but chip lacks capability '" + r.cap + "'");
  }
  chip.numbers["cc"] = chip.cc_major * 10 + chip.cc_minor;
  return chip;  // even with errors: the uniqueness check still needs its names
}

// Each id, name and alias must lead to exactly one profile (case-insensitive): a live device
// name or a --chip argument may never be ambiguous.
void check_unique_names(const std::vector<std::pair<ChipProfile, YAML::Node>>& chips,
                        const std::string& file, Diagnostics& diags) {
  std::map<std::string, std::size_t> owner;  // lowered key -> index in chips
  for (std::size_t i = 0; i < chips.size(); ++i) {
    const auto& [chip, node] = chips[i];
    auto claim = [&](const std::string& key, const YAML::Node& at, const char* what) {
      auto [it, fresh] = owner.emplace(lower(key), i);
      if (!fresh && it->second != i)
        diags.error(location_of(at, file), std::string("duplicate chip ") + what + " '" + key +
                                               "' (already names chip '" +
                                               chips[it->second].first.id + "')");
    };
    claim(chip.id, node["id"], "id");
    claim(chip.name, node["name"], "name");
    YAML::Node aliases = node["aliases"];
    for (std::size_t a = 0; a < chip.aliases.size(); ++a)
      claim(chip.aliases[a], aliases[a], "alias");
  }
}

}  // namespace

const std::vector<std::string>& known_capabilities() {
  static const std::vector<std::string> caps = {"tf32",     "bf16", "fp16_tensor", "fp8",
                                                "cp_async", "tma",  "wgmma"};
  return caps;
}

const std::vector<std::string>& chip_numeric_properties() {
  static const std::vector<std::string> keys = {
      "sm_count",       "smem_per_block_kib", "dram_gbps",          "fp32_tflops",
      "tf32_tflops",    "fp16_tflops",        "bf16_tflops",        "fp8_tflops",
      "l2_mib",         "sm_clock_mhz",       "fp32_lanes_per_sm",  "fp64_lanes_per_sm",
      "dram_copy_gbps", "launch_gap_us",      "load_round_trip_ns", "l2_atomic_serial_ns",
      "cc"};
  return keys;
}

double ChipProfile::number(const std::string& key) const {
  auto it = numbers.find(key);
  return it == numbers.end() ? 0.0 : it->second;
}

const ChipProfile* ChipTable::find(const std::string& id_or_alias) const {
  std::string want = lower(id_or_alias);
  for (const auto& c : chips) {
    if (lower(c.id) == want || lower(c.name) == want) return &c;
    for (const auto& a : c.aliases)
      if (lower(a) == want) return &c;
  }
  return nullptr;
}

const ChipProfile* ChipTable::match_device(const std::string& device_name, int cc_major,
                                           int cc_minor, int sm_count) const {
  // The reported name is the precise key (it tells an A100 40GB from an 80GB); the
  // architecture pair is the fallback for SKUs the table does not list by name.
  if (const ChipProfile* byname = find(device_name)) return byname;
  for (const auto& c : chips)
    if (c.cc_major == cc_major && c.cc_minor == cc_minor &&
        static_cast<int>(c.number("sm_count")) == sm_count)
      return &c;
  return nullptr;
}

ChipTable parse_chip_table(const std::string& yaml_text, const std::string& file_label) {
  YAML::Node root = load_yaml_string(yaml_text, file_label);
  Diagnostics diags;
  ChipTable table;
  if (!expect_map(root, "chips.yaml", file_label, diags)) diags.throw_if_any(file_label);
  check_keys(root, {"version", "chips"}, file_label, diags);
  if (auto v = get_int(root, "version", file_label, diags, true); v && *v != 1)
    diags.error(location_of(root["version"], file_label),
                "unsupported chips.yaml version " + std::to_string(*v) + " (expected 1)");
  YAML::Node list = root["chips"];
  if (!list.IsDefined()) {
    diags.error(location_of(root, file_label), "missing required key 'chips'");
  } else if (expect_sequence(list, "chips", file_label, diags)) {
    std::vector<std::pair<ChipProfile, YAML::Node>> parsed;
    for (const auto& node : list)
      if (auto chip = parse_chip(node, file_label, diags)) parsed.emplace_back(*chip, node);
    check_unique_names(parsed, file_label, diags);
    for (auto& p : parsed) table.chips.push_back(std::move(p.first));
  }
  diags.throw_if_any_in_file_order(file_label);
  return table;
}

ChipTable load_chip_table(const std::string& path) {
  std::string text;
  load_yaml_file(path, &text);  // throws a located InputError for unreadable / invalid YAML
  return parse_chip_table(text, path);
}

}  // namespace solver::rules
