// The rule table compiled for matching (Matcher's constructor and refresh()): the rules in
// their static order (priority, confidence, file order), each condition and estimate added to
// one RuleProgram, the signal and chip slots every rule reads, and the signals the table needs.
// Rebuilt only when a rule's priority, confidence or status changed (the evolver's edits).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <numeric>
#include <unordered_set>

#include "rules/matcher.h"

namespace solver::rules {

namespace {
// A name a rule reads, as a view that stays valid for the life of the process: a signal's name
// from the signal table, any other (`chip.*`) from a pool that only grows (a few dozen names).
std::string_view interned_name(const std::string& name) {
  if (auto i = signal_index(name)) return signal_table()[static_cast<std::size_t>(*i)].name;
  static std::mutex mutex;
  static std::unordered_set<std::string> pool;  // nodes never move
  std::lock_guard<std::mutex> lock(mutex);
  return *pool.insert(name).first;
}
}  // namespace

Matcher::Matcher(const RuleTable& table) : table_(table) {
  for (const auto& signal : signal_table()) signal_types_.push_back(signal.type);
  const auto n = static_cast<std::size_t>(rule_slot_count());
  slots_.resize(n);
  frame_.resize(n);
  values_.assign(n, nullptr);
  refresh();
}

void Matcher::refresh() {
  const auto& rules = table_.rules;
  // Called on every match: a branch-free pass over the keys (no early exit to mispredict),
  // each compared as bits (an integer xor, not a floating-point compare: a confidence with the
  // same bits orders the same, and a NaN one no longer reads as changed on every call).
  bool same = rules.data() == seen_data_ && rules.size() == seen_size_;
  if (same) {
    const Rule* rule = rules.data();
    const auto* key = seen_keys_.data();
    std::uint64_t diff = 0;
    for (std::size_t i = 0, n = rules.size(); i < n; ++i) {
      std::uint64_t confidence;
      std::memcpy(&confidence, &rule[i].confidence, sizeof confidence);
      diff |= (confidence ^ key[i].confidence) |
              static_cast<std::uint32_t>(rule[i].priority ^ key[i].priority) |
              static_cast<std::uint32_t>(static_cast<int>(rule[i].status) ^ key[i].status);
    }
    same = diff == 0;
  }
  if (same) return;

  bound_chip_ = nullptr;  // the chip slots the table reads may change
  seen_data_ = rules.data();
  seen_size_ = rules.size();
  seen_keys_.clear();
  for (const auto& r : rules) {
    SeenKey k{r.priority, static_cast<int>(r.status), 0};
    std::memcpy(&k.confidence, &r.confidence, sizeof k.confidence);
    seen_keys_.push_back(k);
  }

  std::vector<std::size_t> idx(rules.size());
  std::iota(idx.begin(), idx.end(), 0);
  // Stable sort on (priority, -confidence) keeps file order as the last tie-break.
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
    if (rules[a].priority != rules[b].priority) return rules[a].priority < rules[b].priority;
    return rules[a].confidence > rules[b].confidence;
  });

  const Resolver resolve = rule_resolver();
  const int S = static_cast<int>(signal_table().size());
  auto derived_of = [&](const Expression& e) {
    std::vector<RuleInfo::Derived> out;
    for (const auto& name : e.derived_names()) {
      const DerivedSignal* d = find_derived(table_.derived, name);
      if (!d || !d->expr) continue;  // not this table's (a rule built by hand): not shown
      RuleInfo::Derived x{interned_name(name), &*d->expr, {}};
      for (const auto& input : d->expr->names())
        if (auto sym = resolve(input)) x.slots.push_back(sym->slot);
      out.push_back(std::move(x));
    }
    return out;
  };
  std::vector<bool> needed(static_cast<std::size_t>(S), false);
  order_.clear();
  info_.clear();
  program_ = RuleProgram();
  for (std::size_t i : idx) {
    const Rule& r = rules[i];
    order_.push_back(&r);
    RuleInfo info;
    info.rule = &r;
    if (r.when) {
      for (const auto& name : r.when->names()) {
        auto sym = resolve(name);
        int slot = sym ? sym->slot : -1;
        info.names.emplace_back(interned_name(name), slot);
        if (slot >= 0 && slot < S && r.status != RuleStatus::Retired)
          needed[static_cast<std::size_t>(slot)] = true;
      }
    }
    if (r.when) info.derived_when = derived_of(*r.when);
    if (r.estimate) info.derived_estimate = derived_of(*r.estimate);
    for (const auto& cap : r.requires_caps) {
      auto sym = resolve("chip." + cap);
      info.cap_slots.push_back(sym ? sym->slot : -1);
    }
    if (r.estimate) {
      for (const auto& name : r.estimate->names()) {
        auto sym = resolve(name);
        info.estimate_names.emplace_back(interned_name(name), sym ? sym->slot : -1);
      }
    }
    if (r.when) {
      info.when = program_.add_condition(*r.when);
      info.gate = program_.gate(info.when, 0);
    }
    if (r.estimate) info.estimate = program_.add_estimate(*r.estimate);
    info.order = static_cast<int>(info_.size());
    info_.push_back(std::move(info));
  }
  program_.finish();
  // The chip slots the table reads: only those are bound per match (the others are never read).
  chip_slots_.clear();
  for (const RuleInfo& info : info_) {
    for (int slot : info.cap_slots)
      if (slot >= S) chip_slots_.push_back(slot);
    for (const auto& [name, slot] : info.names)
      if (slot >= S) chip_slots_.push_back(slot);
    for (const auto& [name, slot] : info.estimate_names)
      if (slot >= S) chip_slots_.push_back(slot);
  }
  std::sort(chip_slots_.begin(), chip_slots_.end());
  chip_slots_.erase(std::unique(chip_slots_.begin(), chip_slots_.end()), chip_slots_.end());
  needed_signals_.clear();
  needed_words_.assign((static_cast<std::size_t>(S) + 63) / 64, 0);
  for (int s = 0; s < S; ++s) {
    if (!needed[static_cast<std::size_t>(s)]) continue;
    needed_signals_.push_back(s);
    needed_words_[static_cast<std::size_t>(s) / 64] |= std::uint64_t{1} << (s % 64);
  }
}

}  // namespace solver::rules
