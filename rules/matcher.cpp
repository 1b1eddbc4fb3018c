#include "rules/matcher.h"

#include <algorithm>
#include <numeric>

namespace solver::rules {

Matcher::Matcher(const RuleTable& table) : table_(table) {
  slots_.resize(static_cast<std::size_t>(rule_slot_count()));
  refresh();
}

void Matcher::refresh() {
  const auto& rules = table_.rules;
  bool same = rules.data() == seen_data_ && rules.size() == seen_size_;
  for (std::size_t i = 0; same && i < rules.size(); ++i)
    same =
        seen_keys_[i] == std::make_tuple(rules[i].priority, rules[i].confidence, rules[i].status);
  if (same) return;

  seen_data_ = rules.data();
  seen_size_ = rules.size();
  seen_keys_.clear();
  for (const auto& r : rules) seen_keys_.emplace_back(r.priority, r.confidence, r.status);

  std::vector<std::size_t> idx(rules.size());
  std::iota(idx.begin(), idx.end(), 0);
  // Stable sort on (priority, -confidence) keeps file order as the last tie-break.
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
    if (rules[a].priority != rules[b].priority) return rules[a].priority < rules[b].priority;
    return rules[a].confidence > rules[b].confidence;
  });

  const Resolver resolve = rule_resolver();
  const int S = static_cast<int>(signal_table().size());
  std::vector<bool> needed(static_cast<std::size_t>(S), false);
  order_.clear();
  info_.clear();
  for (std::size_t i : idx) {
    const Rule& r = rules[i];
    order_.push_back(&r);
    RuleInfo info;
    info.rule = &r;
    if (r.when) {
      for (const auto& name : r.when->names()) {
        auto sym = resolve(name);
        int slot = sym ? sym->slot : -1;
        info.names.emplace_back(name, slot);
        if (slot >= 0 && slot < S && r.status != RuleStatus::Retired)
          needed[static_cast<std::size_t>(slot)] = true;
      }
    }
    for (const auto& cap : r.requires_caps) {
      auto sym = resolve("chip." + cap);
      info.cap_slots.push_back(sym ? sym->slot : -1);
    }
    info_.push_back(std::move(info));
  }
  needed_signals_.clear();
  for (int s = 0; s < S; ++s)
    if (needed[static_cast<std::size_t>(s)]) needed_signals_.push_back(s);
}

MatchResult Matcher::match(const SignalSet& signals, const ChipProfile& chip) {
  bind_signal_slots(signals, slots_);
  return evaluate(chip);
}

MatchResult Matcher::match_bound(std::span<const Value> signal_slots, const ChipProfile& chip) {
  const std::size_t S = signal_table().size();
  for (std::size_t i = 0; i < S; ++i)
    slots_[i] = i < signal_slots.size() ? signal_slots[i] : Value{};
  return evaluate(chip);
}

MatchResult Matcher::evaluate(const ChipProfile& chip) {
  refresh();
  bind_chip_slots(chip, slots_);
  const std::span<const Value> slots(slots_);

  MatchResult out;
  const RuleInfo* fired = nullptr;
  for (const RuleInfo& info : info_) {
    const Rule& r = *info.rule;
    if (r.status == RuleStatus::Retired || !r.when) continue;
    // Guard first: a chip that cannot run the hypothesis makes the rule ineligible whatever
    // the signals say; its condition is still evaluated so the user sees what it would do.
    bool eligible = true;
    for (int slot : info.cap_slots)
      if (slot < 0 || !std::get<bool>(slots_[static_cast<std::size_t>(slot)])) eligible = false;
    std::optional<bool> tri = r.when->evaluate_tri(slots);
    bool cond = tri.value_or(false);
    if (!tri && eligible) {
      UndecidedRule u;
      u.rule = &r;
      u.outranks_fired = fired == nullptr;
      const auto table = signal_table();
      for (const auto& [name, slot] : info.names)
        if (slot >= 0 && static_cast<std::size_t>(slot) < table.size() &&
            is_missing(slots_[static_cast<std::size_t>(slot)]))
          u.missing.push_back(table[static_cast<std::size_t>(slot)].name);
      out.undecided.push_back(std::move(u));
      continue;
    }
    if (!eligible) {
      if (cond) {
        BlockedRule b;
        b.rule = &r;
        b.condition_true = true;
        for (const auto& cap : r.requires_caps)
          if (!chip.has(cap)) b.missing_caps.push_back(cap);
        out.blocked.push_back(std::move(b));
      }
      continue;
    }
    if (!cond) continue;
    if (!fired) {
      fired = &info;
      out.fired = &r;
    } else {
      out.outranked.push_back(&r);
    }
  }
  if (fired) {
    out.evidence.reserve(fired->names.size());
    for (const auto& [name, slot] : fired->names)
      out.evidence.emplace_back(name, slot >= 0 ? slots_[static_cast<std::size_t>(slot)] : Value{});
  }
  auto table = signal_table();
  for (int s : needed_signals_)
    if (is_missing(slots_[static_cast<std::size_t>(s)]))
      out.missing_signals.emplace_back(table[static_cast<std::size_t>(s)].name);
  return out;
}

}  // namespace solver::rules
