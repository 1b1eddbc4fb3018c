// Slot binding for rule conditions: the resolver that maps names to slots, and the binding
// of a signal set and a chip profile into those slots. This is the matcher's hot path (see
// docs/benchmarks.md), hence the hand-tuned lookups.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "rules/rule_program.h"
#include "rules/rule_table.h"
#include "rules/signal_vector.h"
#include "rules/signals.h"

namespace solver::rules {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}  // namespace

Resolver rule_resolver() {
  return [](std::string_view name) -> std::optional<Symbol> {
    const int S = static_cast<int>(signal_table().size());
    if (auto i = signal_index(name)) return Symbol{*i, signal_table()[*i].type};
    constexpr std::string_view prefix = "chip.";
    if (name.substr(0, prefix.size()) != prefix) return std::nullopt;
    std::string_view rest = name.substr(prefix.size());
    const auto& caps = known_capabilities();
    for (std::size_t i = 0; i < caps.size(); ++i)
      if (caps[i] == rest) return Symbol{S + static_cast<int>(i), ValueType::Bool};
    const auto& nums = chip_numeric_properties();
    for (std::size_t i = 0; i < nums.size(); ++i)
      if (nums[i] == rest) return Symbol{S + static_cast<int>(caps.size() + i), ValueType::Number};
    return std::nullopt;
  };
}

int rule_slot_count() {
  return static_cast<int>(signal_table().size() + known_capabilities().size() +
                          chip_numeric_properties().size());
}

namespace {

// Byte-wise three-way compare, inlined (a memcmp call per step costs more than the compare).
inline int compare_names(std::string_view a, std::string_view b) {
  const std::size_t n = a.size() < b.size() ? a.size() : b.size();
  for (std::size_t k = 0; k < n; ++k)
    if (a[k] != b[k])
      return static_cast<unsigned char>(a[k]) < static_cast<unsigned char>(b[k]) ? -1 : 1;
  return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

// Signal name -> index without searching: a perfect hash. A name's key is its length and its
// first and last eight bytes (for 4 to 7 bytes, the first and last four; shorter, the bytes),
// which decide a name of up to 16 bytes without reading the table's copy; a longer one also
// compares its middle words. At start-up a multiplier is searched under which every signal
// name lands in its own bucket of 2048 (a few dozen tries for ~110 names), so a lookup is one
// hash, one bucket read and one key compare: no probe sequence. This replaced a merge-join over
// the sorted names (data-dependent branches), per-bucket lists, and linear probing (collisions
// cost two to three probes a name on average, measured with callgrind).
class SignalBuckets {
 public:
  SignalBuckets() {
    auto table = signal_table();
    for (const SignalDef& s : table) keys_.push_back(key(s.name));
    std::uint64_t seed = 0x9E3779B97F4A7C15ull;
    for (int attempt = 0;; ++attempt) {
      if (attempt == 1 << 20)
        throw std::logic_error("signal names: no collision-free hash multiplier found");
      multiplier_ = seed | 1;
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;  // next candidate
      std::fill(std::begin(bucket_), std::end(bucket_), std::int16_t{-1});
      bool clash = false;
      for (std::size_t i = 0; i < keys_.size() && !clash; ++i) {
        std::int16_t& b = bucket_[hash(keys_[i])];
        clash = b >= 0;
        b = static_cast<std::int16_t>(i);
      }
      if (!clash) break;
    }
    for (const SignalDef& s : table) data_.push_back(s.name.data());
  }
  int find(std::string_view name) const {
    const Key k = key(name);
    const int i = bucket_[hash(k)];
    if (i < 0) return -1;
    const Key& e = keys_[static_cast<std::size_t>(i)];
    if (e.size == k.size && e.head == k.head && e.tail == k.tail &&
        (k.size <= 16 || same_middle(data_[static_cast<std::size_t>(i)], name.data(), k.size)))
      return i;
    return -1;
  }

 private:
  static constexpr std::size_t kSize = 2048;
  static constexpr int kShift = 64 - 11;
  struct Key {
    std::uint64_t head = 0, tail = 0;
    std::uint32_t size = 0;
  };
  static std::uint64_t load8(const char* p) {
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    return x;
  }
  static std::uint64_t load4(const char* p) {
    std::uint32_t x;
    std::memcpy(&x, p, 4);
    return x;
  }
  static Key key(std::string_view s) {
    const std::size_t n = s.size();
    const char* p = s.data();
    Key k;
    k.size = static_cast<std::uint32_t>(n);
    if (n >= 8) {
      k.head = load8(p);
      k.tail = load8(p + n - 8);
    } else if (n >= 4) {  // the two words overlap: together they hold every byte
      k.head = load4(p) | load4(p + n - 4) << 32;
    } else {
      for (std::size_t i = 0; i < n; ++i) k.head = k.head << 8 | static_cast<unsigned char>(p[i]);
    }
    return k;
  }
  std::size_t hash(const Key& k) const {
    std::uint64_t h = (k.head * 0xC2B2AE3D27D4EB4Full) ^ (k.tail + k.size);
    return static_cast<std::size_t>((h * multiplier_) >> kShift);
  }
  // Bytes [8, n - 8) of two names of length n > 16, a word at a time (the last word may overlap
  // the tail, which is already equal).
  static bool same_middle(const char* a, const char* b, std::size_t n) {
    for (std::size_t k = 8; k < n - 8; k += 8)
      if (load8(a + k) != load8(b + k)) return false;
    return true;
  }
  std::vector<Key> keys_;          // per signal (signal_table() order)
  std::vector<const char*> data_;  // per signal: its name's bytes
  std::uint64_t multiplier_ = 1;
  std::int16_t bucket_[kSize];  // signal index, or -1
};

// (name, slot) sorted by name, for merge-joining a chip's sorted capability set and number map.
std::vector<std::pair<std::string, int>> sorted_slots(const std::vector<std::string>& names,
                                                      int base) {
  std::vector<std::pair<std::string, int>> out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out.emplace_back(names[i], base + static_cast<int>(i));
  std::sort(out.begin(), out.end());
  return out;
}

// Walks a name-sorted container against a name-sorted (name, slot) list; calls f(element, slot)
// for each name in both.
template <typename Container, typename Table, typename Key, typename F>
void merge_join(const Container& c, const Table& table, Key key, F f) {
  auto it = c.begin();
  std::size_t j = 0;
  while (it != c.end() && j < table.size()) {
    int cmp = compare_names(key(*it), table[j].first);
    if (cmp < 0) {
      ++it;
    } else if (cmp > 0) {
      ++j;
    } else {
      f(*it, table[j].second);
      ++it, ++j;
    }
  }
}

}  // namespace

void bind_signal_slots(const SignalSet& signals, std::vector<Value>& slots) {
  static const SignalBuckets buckets;
  auto table = signal_table();
  for (std::size_t i = 0; i < table.size(); ++i) slots[i] = std::monostate{};
  for (const auto& [name, v] : signals.values) {
    const int index = buckets.find(name);
    if (index < 0) continue;  // not a signal a rule can name: ignored
    // A value whose type is not the signal's stays missing (a rule never compares apples
    // with strings).
    const auto i = static_cast<std::size_t>(index);
    if (fits_signal(table[i].type, v)) slots[i] = v;
  }
}

namespace {
// Per signal, the Value alternative its type takes (variant index: 1 double, 2 bool,
// 3 string), so binding tests one byte instead of switching on the SignalDef (80 bytes apart).
std::vector<std::uint8_t> signal_alternatives() {
  std::vector<std::uint8_t> out;
  for (const SignalDef& s : signal_table())
    out.push_back(s.type == ValueType::Number ? 1 : s.type == ValueType::Bool ? 2 : 3);
  return out;
}
}  // namespace

void bind_signal_frame(const SignalSet& signals, SlotFrame& frame,
                       std::vector<const Value*>& values) {
  static const SignalBuckets buckets;
  static const std::vector<std::uint8_t> alternative = signal_alternatives();
  const std::size_t S = alternative.size();
  // Every signal slot missing first: three flat fills (vectorised), not a store per field.
  std::fill_n(frame.num.data(), S, kNaN);
  std::fill_n(frame.str.data(), S, nullptr);
  std::fill_n(values.data(), S, nullptr);
  double* num = frame.num.data();
  for (const auto& [name, v] : signals.values) {
    const int index = buckets.find(name);
    if (index < 0) continue;  // not a signal a rule can name: ignored
    // bind_signal_slots's rules: a value of another type than the signal's, or a number that
    // is not finite, stays missing.
    const auto i = static_cast<std::size_t>(index);
    if (v.index() != alternative[i]) continue;
    switch (v.index()) {
      case 1: {
        const double d = *std::get_if<double>(&v);
        if (!std::isfinite(d)) continue;
        num[i] = d;
        break;
      }
      case 2:
        num[i] = *std::get_if<bool>(&v) ? 1.0 : 0.0;
        break;
      default:
        frame.str[i] = std::get_if<std::string>(&v);
        break;
    }
    values[i] = &v;
  }
}

void bind_signal_vector(const SignalVector& signals, SlotFrame& frame) {
  // The string signals (a handful), found once: every other signal slot's string pointer is
  // null in every binding, so only these are written.
  static const std::vector<std::size_t> strings = [] {
    std::vector<std::size_t> out;
    const auto table = signal_table();
    for (std::size_t i = 0; i < table.size(); ++i)
      if (table[i].type == ValueType::String) out.push_back(i);
    return out;
  }();
  const std::span<const double> num = signals.numbers();
  std::copy(num.begin(), num.end(), frame.num.begin());
  const std::span<const Value> values = signals.values();
  for (std::size_t i : strings) frame.str[i] = std::get_if<std::string>(&values[i]);
}

void bind_chip_frame(const ChipProfile& chip, std::span<const int> slots, SlotFrame& frame,
                     std::vector<const Value*>& values, std::vector<Value>& storage) {
  static const Value kTrue{true}, kFalse{false};
  const std::size_t S = signal_table().size();
  const auto& caps = known_capabilities();
  const auto& nums = chip_numeric_properties();
  for (int slot : slots) {
    const auto i = static_cast<std::size_t>(slot);
    if (i < S) continue;
    if (i < S + caps.size()) {
      const bool has = chip.has(caps[i - S]);
      frame.num[i] = has ? 1.0 : 0.0;
      values[i] = has ? &kTrue : &kFalse;
    } else if (i < S + caps.size() + nums.size()) {
      auto it = chip.numbers.find(nums[i - S - caps.size()]);
      if (it == chip.numbers.end()) {
        frame.set_missing(i);
        values[i] = nullptr;
      } else {
        storage[i] = it->second;
        frame.num[i] = std::isfinite(it->second) ? it->second : kNaN;
        values[i] = &storage[i];
      }
    }
  }
}

void bind_chip_slots(const ChipProfile& chip, std::vector<Value>& slots) {
  const int S = static_cast<int>(signal_table().size());
  const auto& caps = known_capabilities();
  const auto& nums = chip_numeric_properties();
  static const auto cap_slots = sorted_slots(caps, S);
  static const auto num_slots = sorted_slots(nums, S + static_cast<int>(caps.size()));
  for (std::size_t i = 0; i < caps.size(); ++i) slots[S + i] = false;
  for (std::size_t i = 0; i < nums.size(); ++i) slots[S + caps.size() + i] = std::monostate{};
  merge_join(
      chip.capabilities, cap_slots, [](const std::string& c) { return std::string_view(c); },
      [&](const std::string&, int slot) { slots[static_cast<std::size_t>(slot)] = true; });
  merge_join(
      chip.numbers, num_slots, [](const auto& kv) { return std::string_view(kv.first); },
      [&](const auto& kv, int slot) { slots[static_cast<std::size_t>(slot)] = kv.second; });
}

void bind_slots(const SignalSet& signals, const ChipProfile& chip, std::vector<Value>& slots) {
  slots.resize(static_cast<std::size_t>(rule_slot_count()));
  bind_signal_slots(signals, slots);
  bind_chip_slots(chip, slots);
}

}  // namespace solver::rules
