// The matcher as it was before issue 29's compiled rule program (rules/matcher.cpp at
// f1fc1dd, verbatim but for the class name): every rule evaluated through Expression's
// evaluate_soft / evaluate_tri / evaluate over Value slots. The equivalence tests hold the
// compiled matcher to it, result for result.
#pragma once
#include <algorithm>
#include <numeric>
#include <optional>
#include <span>
#include <tuple>
#include <vector>

#include "rules/matcher.h"
#include "rules/verdict_tie.h"

namespace solver::rules::test {

class ReferenceMatcher {
 public:
  explicit ReferenceMatcher(const RuleTable& table);
  MatchResult match(const SignalSet& signals, const ChipProfile& chip);
  MatchResult match_bound(std::span<const Value> signal_slots, const ChipProfile& chip);

 private:
  struct RuleInfo {
    const Rule* rule = nullptr;
    std::vector<std::pair<std::string, int>> names;
    std::vector<int> cap_slots;
    std::vector<std::pair<std::string, int>> estimate_names;
    int order = 0;
  };
  void refresh();
  MatchResult evaluate(const ChipProfile& chip);

  const RuleTable& table_;
  std::vector<const Rule*> order_;
  std::vector<Value> slots_;
  std::vector<RuleInfo> info_;
  std::vector<int> needed_signals_;
  const Rule* seen_data_ = nullptr;
  std::size_t seen_size_ = 0;
  std::vector<std::tuple<int, double, RuleStatus>> seen_keys_;
};

inline ReferenceMatcher::ReferenceMatcher(const RuleTable& table) : table_(table) {
  slots_.resize(static_cast<std::size_t>(rule_slot_count()));
  refresh();
}

inline void ReferenceMatcher::refresh() {
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
    if (r.estimate) {
      for (const auto& name : r.estimate->names()) {
        auto sym = resolve(name);
        info.estimate_names.emplace_back(name, sym ? sym->slot : -1);
      }
    }
    info.order = static_cast<int>(info_.size());
    info_.push_back(std::move(info));
  }
  needed_signals_.clear();
  for (int s = 0; s < S; ++s)
    if (needed[static_cast<std::size_t>(s)]) needed_signals_.push_back(s);
}

inline MatchResult ReferenceMatcher::match(const SignalSet& signals, const ChipProfile& chip) {
  bind_signal_slots(signals, slots_);
  return evaluate(chip);
}

inline MatchResult ReferenceMatcher::match_bound(std::span<const Value> signal_slots,
                                                 const ChipProfile& chip) {
  const std::size_t S = signal_table().size();
  for (std::size_t i = 0; i < S; ++i)
    slots_[i] = i < signal_slots.size() ? signal_slots[i] : Value{};
  return evaluate(chip);
}

inline MatchResult ReferenceMatcher::evaluate(const ChipProfile& chip) {
  refresh();
  bind_chip_slots(chip, slots_);
  const std::span<const Value> slots(slots_);
  const EvolutionConfig& ev = table_.evolution;

  MatchResult out;
  // (rank entry, its RuleInfo) for every eligible rule that holds or nearly holds; a
  // per-thread scratch buffer, so ranking allocates nothing once warm (the hot path).
  thread_local std::vector<std::pair<RankedRule, const RuleInfo*>> ranked;
  ranked.clear();
  for (const RuleInfo& info : info_) {
    const Rule& r = *info.rule;
    if (r.status == RuleStatus::Retired || !r.when) continue;
    // Guard first: a chip that cannot run the hypothesis makes the rule ineligible whatever
    // the signals say; its condition is still evaluated so the user sees what it would do.
    bool eligible = true;
    for (int slot : info.cap_slots)
      if (slot < 0 || !std::get<bool>(slots_[static_cast<std::size_t>(slot)])) eligible = false;
    // Graded first: 1 exactly when the condition holds; missing when unmeasured signals
    // leave it open, and then the crisp three-valued answer says whether it is false anyway
    // (a near miss and a missing operand: false, never a rank).
    std::optional<double> degree = r.when->evaluate_soft(slots, ev.soft_margin);
    std::optional<bool> tri;
    if (degree)
      tri = *degree >= 1;
    else
      tri = r.when->evaluate_tri(slots);
    bool cond = tri.value_or(false);
    if (!tri && eligible) {
      UndecidedRule u;
      u.rule = &r;
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
    // Graded evidence is for rules with an estimate: a rule without one keeps its static
    // place, so it ranks only when its condition holds (old tables match as they did).
    double evidence = cond ? 1.0 : degree.value_or(0.0);
    // (1e-9: a miss of exactly the threshold share, 0.55 against `< 0.5`, computes as 0.4999...)
    if (!cond && (!r.estimate || evidence + 1e-9 < ev.min_evidence || evidence <= 0)) continue;
    if (!cond) evidence = near_weight(evidence, ev.min_evidence);
    RankedRule rr;
    rr.rule = &r;
    rr.evidence = evidence;
    rr.calibration = r.calibration.factor();
    if (r.estimate) {
      Value e = r.estimate->evaluate(slots);
      if (const double* d = std::get_if<double>(&e)) {
        rr.raw_estimate = *d;
        rr.estimate = std::clamp(*d, 0.0, 1.0);
      }
    }
    rr.score = rr.raw_estimate ? evidence * rr.estimate * rr.calibration * r.confidence : 0.0;
    ranked.emplace_back(rr, &info);
  }
  // Rules with an estimate before rules without; then score; ties by the static order
  // (priority, confidence, file order).
  // Priority 0 is the gate (a kernel too small to matter): it ranks before every estimate.
  // std::sort, not stable_sort (which allocates a buffer per call): `order` makes the key total.
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    bool ga = a.first.rule->priority == 0, gb = b.first.rule->priority == 0;
    if (ga != gb) return ga;
    // A near miss ranks by its score like a rule that holds (its evidence is in the score).
    bool ea = a.first.raw_estimate.has_value(), eb = b.first.raw_estimate.has_value();
    if (ea != eb) return ea;
    if (a.first.score != b.first.score) return a.first.score > b.first.score;
    return a.second->order < b.second->order;
  });
  const RuleInfo* fired = nullptr;
  const RankedRule* fired_rank = nullptr;
  out.ranked.reserve(ranked.size());
  for (const auto& [rr, info] : ranked) {
    out.ranked.push_back(rr);
    if (!fired && (rr.holds() || !rr.rule->stop)) {
      fired = info;
      out.fired = rr.rule;
    } else {
      out.outranked.push_back(rr.rule);
    }
  }
  for (const auto& rr : out.ranked)
    if (rr.rule == out.fired) fired_rank = &rr;
  // An undecided rule could have won when nothing fired, or when its estimate is unknown or
  // would outscore the fired rule at full evidence.
  for (UndecidedRule& u : out.undecided) {
    if (!fired_rank) {
      u.outranks_fired = true;
      continue;
    }
    const Rule& r = *u.rule;
    std::optional<double> est;
    if (r.estimate) {
      Value e = r.estimate->evaluate(slots);
      if (const double* d = std::get_if<double>(&e)) est = std::clamp(*d, 0.0, 1.0);
    }
    if (!fired_rank->raw_estimate)
      u.outranks_fired = est.has_value() || r.priority < fired_rank->rule->priority;
    else
      u.outranks_fired = !est || *est * r.calibration.factor() * r.confidence > fired_rank->score;
  }
  if (fired) {
    out.evidence.reserve(fired->names.size());
    for (const auto& [name, slot] : fired->names)
      out.evidence.emplace_back(name, slot >= 0 ? slots_[static_cast<std::size_t>(slot)] : Value{});
    for (const auto& [name, slot] : fired->estimate_names)
      out.estimate_inputs.emplace_back(
          name, slot >= 0 ? slots_[static_cast<std::size_t>(slot)] : Value{});
    // Derived signals (rules/derived.h) after the signals, by their definitions' values.
    auto derived = [&](const Expression& e, auto& list) {
      for (const auto& name : e.derived_names())
        if (const DerivedSignal* d = find_derived(table_.derived, name); d && d->expr)
          list.emplace_back(std::string_view(d->name), d->expr->evaluate(slots));
    };
    if (fired->rule->when) derived(*fired->rule->when, out.evidence);
    if (fired->rule->estimate) derived(*fired->rule->estimate, out.estimate_inputs);
  }
  auto table = signal_table();
  for (int s : needed_signals_)
    if (is_missing(slots_[static_cast<std::size_t>(s)]))
      out.missing_signals.emplace_back(table[static_cast<std::size_t>(s)].name);
  return out;
}

}  // namespace solver::rules::test
