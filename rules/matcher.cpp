// Matching a signal set against the compiled table (matcher_table.cpp): every rule graded, the
// ones that hold or nearly hold ranked by estimated gain x evidence x calibration x confidence,
// the winner's evidence and estimate inputs, the undecided and blocked rules, and the missing
// signals. The hot path: a reused result allocates nothing once warm.
#include "rules/matcher.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>

#include "rules/verdict_tie.h"

namespace solver::rules {

namespace {
// Lists that a reused result's undecided and blocked rules held, kept per thread for the next
// match into it: taken back instead of allocated per rule (about seven undecided rules a match
// on the bench's sets, each with its list of missing signals).
template <typename T>
using Pool = std::vector<std::vector<T>>;
template <typename T>
void keep(std::vector<T>&& list, Pool<T>& pool) {
  if (list.capacity() > 0) pool.push_back(std::move(list));
}
template <typename T>
std::vector<T> take(Pool<T>& pool) {
  if (pool.empty()) return {};
  std::vector<T> list = std::move(pool.back());
  pool.pop_back();
  list.clear();
  return list;
}
}  // namespace

MatchResult Matcher::match(const SignalSet& signals, const ChipProfile& chip) {
  MatchResult out;
  match(signals, chip, out);
  return out;
}

void Matcher::match(const SignalSet& signals, const ChipProfile& chip, MatchResult& out) {
  bind_signal_frame(signals, frame_, values_);
  dense_ = {};
  present_ = {};
  evaluate(chip, out);
}

MatchResult Matcher::match(const SignalVector& signals, const ChipProfile& chip) {
  MatchResult out;
  match(signals, chip, out);
  return out;
}

void Matcher::bind_vector(const SignalVector& signals) {
  bind_signal_vector(signals, frame_);
  dense_ = signals.values();
  present_ = signals.present();
}

void Matcher::match(const SignalVector& signals, const ChipProfile& chip, MatchResult& out) {
  bind_vector(signals);
  evaluate(chip, out);
  dense_ = {};  // the vector may not outlive this call
  present_ = {};
}

void Matcher::prepare(const ChipProfile& chip) {
  bind_chip(chip);
  prepared_chip_ = &chip;
}

void Matcher::match_prepared(const SignalVector& signals, MatchResult& out) {
  if (!prepared_chip_)
    throw std::logic_error("Matcher::match_prepared: no chip prepared (call prepare first)");
  // Three compares, not the per-rule key walk and the chip's map walk: another chip bound in
  // between (a match() under it; refresh() also clears bound_chip_ when it rebuilds), or the
  // rules' storage moved or resized.
  if (bound_chip_ != prepared_chip_ || table_.rules.data() != seen_data_ ||
      table_.rules.size() != seen_size_)
    bind_chip(*prepared_chip_);
  bind_vector(signals);
  run(*prepared_chip_, out);
  dense_ = {};
  present_ = {};
}

MatchResult Matcher::match_bound(std::span<const Value> signal_slots, const ChipProfile& chip) {
  const auto table = signal_table();
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (i < signal_slots.size() && !is_missing(signal_slots[i])) {
      frame_.set(i, signal_slots[i], table[i].type);
      values_[i] = &signal_slots[i];
    } else {
      frame_.set_missing(i);
      values_[i] = nullptr;
    }
  }
  dense_ = {};
  present_ = {};
  MatchResult out;
  evaluate(chip, out);
  return out;
}

bool Matcher::chip_bound(const ChipProfile& chip) const {
  if (&chip != bound_chip_ || chip.capabilities.size() != bound_caps_.size() ||
      chip.numbers.size() != bound_numbers_.size() ||
      !std::equal(chip.capabilities.begin(), chip.capabilities.end(), bound_caps_.begin()))
    return false;
  std::size_t i = 0;
  for (const auto& [name, value] : chip.numbers) {
    // Bit for bit, so a NaN stays equal to itself and -0.0 differs from 0.0.
    if (std::memcmp(&value, &bound_numbers_[i++], sizeof value) != 0) return false;
  }
  return true;
}

void Matcher::evaluate(const ChipProfile& chip, MatchResult& out) {
  bind_chip(chip);
  run(chip, out);
}

void Matcher::bind_chip(const ChipProfile& chip) {
  refresh();
  if (!chip_bound(chip)) {
    bind_chip_frame(chip, chip_slots_, frame_, values_, slots_);
    bound_chip_ = &chip;
    bound_caps_.assign(chip.capabilities.begin(), chip.capabilities.end());
    bound_numbers_.clear();
    for (const auto& [name, value] : chip.numbers) bound_numbers_.push_back(value);
    // The guards, once per chip (and table): a chip that cannot run the hypothesis makes the
    // rule ineligible whatever the signals say.
    for (RuleInfo& info : info_) {
      info.eligible = true;
      for (int slot : info.cap_slots)
        if (slot < 0 || frame_.num[static_cast<std::size_t>(slot)] != 1.0) info.eligible = false;
    }
  }
}

void Matcher::run(const ChipProfile& chip, MatchResult& out) {
  program_.begin(frame_);
  const EvolutionConfig& ev = table_.evolution;

  // Every field of `out` overwritten; its vectors keep their storage (match into a reused
  // result allocates nothing for them once warm).
  out.fired = nullptr;
  out.explained = 0;
  out.weak = false;
  out.ranked.clear();
  out.estimate_inputs.clear();
  out.evidence.clear();
  out.derived.clear();
  thread_local Pool<std::string_view> spare_missing;
  thread_local Pool<std::string> spare_caps;
  for (BlockedRule& b : out.blocked) keep(std::move(b.missing_caps), spare_caps);
  for (UndecidedRule& u : out.undecided) keep(std::move(u.missing), spare_missing);
  out.blocked.clear();
  out.outranked.clear();
  out.undecided.clear();
  out.missing_signals.clear();
  // (rank entry, its RuleInfo) for every eligible rule that holds or nearly holds; a
  // per-thread scratch buffer, so ranking allocates nothing once warm (the hot path).
  thread_local std::vector<std::pair<RankedRule, const RuleInfo*>> ranked;
  thread_local std::vector<int> undecided_estimates;  // per out.undecided, its estimate
  ranked.clear();
  undecided_estimates.clear();
  const double margin = ev.soft_margin;
  const double cut = RuleProgram::shut_cut(ev.min_evidence);
  for (const RuleInfo& info : info_) {
    // The pre-filter: a conjunct missed by too much to rank makes the rule Out (and, if its
    // guard blocks it, a condition that does not hold): nothing of it is reported.
    if (info.gate.slot >= 0 && program_.shut(info.gate, margin, cut)) continue;
    const Rule& r = *info.rule;
    if (r.status == RuleStatus::Retired || info.when < 0) continue;
    // Guard first (info.eligible, set when the chip was bound): an ineligible rule's condition
    // is still evaluated so the user sees what it would do.
    if (!info.eligible) {
      if (program_.holds(info.when)) {
        BlockedRule b;
        b.rule = &r;
        b.missing_caps = take(spare_caps);
        b.condition_true = true;
        for (const auto& cap : r.requires_caps)
          if (!chip.has(cap)) b.missing_caps.push_back(cap);
        out.blocked.push_back(std::move(b));
      }
      continue;
    }
    // Graded evidence is for rules with an estimate: a rule without one keeps its static
    // place, so it ranks only when its condition holds (old tables match as they did). A near
    // miss and a missing operand: false, never a rank (RuleProgram::graded).
    RuleProgram::Verdict verdict = RuleProgram::Verdict::Out;
    double evidence = 1.0;
    if (info.estimate < 0) {
      std::optional<bool> tri = program_.tri(info.when);
      verdict = !tri ? RuleProgram::Verdict::Undecided
                     : (*tri ? RuleProgram::Verdict::Holds : RuleProgram::Verdict::Out);
    } else {
      RuleProgram::Graded g = program_.graded(info.when, margin, ev.min_evidence);
      verdict = g.verdict;
      if (verdict == RuleProgram::Verdict::Near) evidence = near_weight(g.degree, ev.min_evidence);
    }
    if (verdict == RuleProgram::Verdict::Out) continue;
    if (verdict == RuleProgram::Verdict::Undecided) {
      UndecidedRule u;
      u.rule = &r;
      u.missing = take(spare_missing);
      const auto table = signal_table();
      // Counted first, so the list is one allocation, not a doubling series.
      std::size_t n_missing = 0;
      for (const auto& [name, slot] : info.names)
        n_missing += slot >= 0 && static_cast<std::size_t>(slot) < table.size() &&
                     signal_missing(static_cast<std::size_t>(slot));
      u.missing.reserve(n_missing);
      for (const auto& [name, slot] : info.names)
        if (slot >= 0 && static_cast<std::size_t>(slot) < table.size() &&
            signal_missing(static_cast<std::size_t>(slot)))
          u.missing.push_back(table[static_cast<std::size_t>(slot)].name);
      // One allocation at most, not a doubling series (several rules are undecided when a
      // profile lacks a counter).
      if (out.undecided.empty()) out.undecided.reserve(info_.size());
      out.undecided.push_back(std::move(u));
      undecided_estimates.push_back(info.estimate);
      continue;
    }
    RankedRule rr;
    rr.rule = &r;
    rr.evidence = evidence;
    rr.calibration = r.calibration.factor();
    if (info.estimate >= 0) {
      double e = program_.estimate(info.estimate);
      if (!std::isnan(e)) {
        rr.raw_estimate = e;
        rr.estimate = std::clamp(e, 0.0, 1.0);
      }
    }
    rr.score = rr.raw_estimate ? evidence * rr.estimate * rr.calibration * r.confidence : 0.0;
    ranked.emplace_back(rr, &info);
  }
  // Rules with an estimate before rules without; then score; ties by the static order
  // (priority, confidence, file order).
  // Priority 0 is the gate (a kernel too small to matter): it ranks before every estimate.
  // A near miss ranks by its score like a rule that holds (its evidence is in the score): a
  // threshold crossed by a move within a signal's measured spread changes the score a little,
  // not the rank class (issue 29: a near miss that outscored every rule that held lost to them
  // on one measurement and won on the next). Only a stop rule needs its condition to hold.
  // The key is packed once per entry (gate, has an estimate: one byte; then score and order)
  // and an index array is sorted, not the 80-byte entries. std::sort, not stable_sort (which
  // allocates a buffer per call): `order` makes the key total.
  struct RankKey {
    std::uint8_t flags;  // higher first: gate 2, has an estimate 1
    double score;        // higher first
    int order;           // lower first
    int index;           // into `ranked`
  };
  thread_local std::vector<RankKey> keys;
  keys.clear();
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const RankedRule& rr = ranked[i].first;
    keys.push_back(
        {static_cast<std::uint8_t>((rr.rule->priority == 0) << 1 | rr.raw_estimate.has_value()),
         rr.score, ranked[i].second->order, static_cast<int>(i)});
  }
  std::sort(keys.begin(), keys.end(), [](const RankKey& a, const RankKey& b) {
    if (a.flags != b.flags) return a.flags > b.flags;
    if (a.score != b.score) return a.score > b.score;
    return a.order < b.order;
  });
  const RuleInfo* fired = nullptr;
  const RankedRule* fired_rank = nullptr;
  out.ranked.reserve(ranked.size());
  out.outranked.reserve(ranked.size());
  for (const RankKey& key : keys) {
    const auto& [rr, info] = ranked[static_cast<std::size_t>(key.index)];
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
  if (fired_rank && fired_rank->raw_estimate) {
    out.explained = fired_rank->evidence * fired_rank->estimate * fired_rank->calibration;
    out.weak = out.explained < ev.min_explained;
  }
  mark_tie(ev, out);
  // An undecided rule could have won when nothing fired, or when its estimate is unknown or
  // would outscore the fired rule at full evidence.
  for (std::size_t i = 0; i < out.undecided.size(); ++i) {
    UndecidedRule& u = out.undecided[i];
    if (!fired_rank) {
      u.outranks_fired = true;
      continue;
    }
    const Rule& r = *u.rule;
    std::optional<double> est;
    if (const int handle = undecided_estimates[i]; handle >= 0) {
      double e = program_.estimate(handle);
      if (!std::isnan(e)) est = std::clamp(e, 0.0, 1.0);
    }
    if (!fired_rank->raw_estimate)
      u.outranks_fired = est.has_value() || r.priority < fired_rank->rule->priority;
    else
      u.outranks_fired = !est || *est * r.calibration.factor() * r.confidence > fired_rank->score;
  }
  if (fired) {
    out.evidence.reserve(fired->names.size());
    // A missing signal is known from the present bits without reading its Value.
    const auto signals = static_cast<int>(signal_table().size());
    auto value = [&](int slot) -> Value {
      if (slot < 0) return Value{};
      const auto i = static_cast<std::size_t>(slot);
      if (slot < signals) {
        if (signal_missing(i)) return Value{};
        // A bound SignalVector's number or bool is in the frame already, copied from its
        // numbers exactly: read there, not from the vector's Value (a cold cache line when
        // many sets are classified in turn). A string through the frame's pointer to it.
        if (!present_.empty()) {
          switch (signal_types_[i]) {
            case ValueType::Number:
              return Value{frame_.num[i]};
            case ValueType::Bool:
              return Value{frame_.num[i] != 0};
            case ValueType::String:
              return Value{*frame_.str[i]};
          }
        }
      }
      const Value* v = value_at(slot);
      return v ? *v : Value{};
    };
    // A derived signal's value: its definition over the values of the slots it reads.
    auto derived = [&](const RuleInfo::Derived& d) -> Value {
      derived_slots_.resize(frame_.num.size());
      for (int slot : d.slots) derived_slots_[static_cast<std::size_t>(slot)] = value(slot);
      if (std::find(out.derived.begin(), out.derived.end(), d.name) == out.derived.end())
        out.derived.push_back(d.name);
      return d.expr->evaluate(derived_slots_);
    };
    for (const auto& [name, slot] : fired->names) out.evidence.emplace_back(name, value(slot));
    for (const auto& d : fired->derived_when) out.evidence.emplace_back(d.name, derived(d));
    out.estimate_inputs.reserve(fired->estimate_names.size());
    for (const auto& [name, slot] : fired->estimate_names)
      out.estimate_inputs.emplace_back(name, value(slot));
    for (const auto& d : fired->derived_estimate)
      out.estimate_inputs.emplace_back(d.name, derived(d));
  }
  auto table = signal_table();
  if (present_.empty()) {
    // One pass into a per-thread scratch list, then one exact allocation for the result.
    thread_local std::vector<std::string_view> missing;
    missing.clear();
    for (int s : needed_signals_)
      if (!values_[static_cast<std::size_t>(s)])
        missing.push_back(table[static_cast<std::size_t>(s)].name);
    out.missing_signals.assign(missing.begin(), missing.end());
    return;
  }
  // A SignalVector's present bits: the needed signals it lacks a word at a time (two words for
  // ~110 signals), then one step per missing signal, in ascending id order.
  std::size_t n_missing = 0;
  for (std::size_t w = 0; w < needed_words_.size(); ++w)
    n_missing += static_cast<std::size_t>(std::popcount(needed_words_[w] & ~present_[w]));
  out.missing_signals.resize(n_missing);
  std::string_view* next = out.missing_signals.data();
  for (std::size_t w = 0; w < needed_words_.size(); ++w) {
    for (std::uint64_t bits = needed_words_[w] & ~present_[w]; bits != 0; bits &= bits - 1)
      *next++ = table[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))].name;
  }
}

}  // namespace solver::rules
