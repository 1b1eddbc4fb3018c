// The matcher: given signals and a chip, which rule fires, and why the others did not.
// Order: retired rules are skipped; each remaining rule's guard (requires:) is checked first;
// then its condition; among the eligible matches the lowest priority number wins, ties broken
// by higher confidence, then by file order. Deterministic.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "rules/chips.h"
#include "rules/rule_program.h"
#include "rules/rule_table.h"
#include "rules/signal_vector.h"
#include "rules/signals.h"

namespace solver::rules {

struct BlockedRule {
  const Rule* rule = nullptr;
  std::vector<std::string> missing_caps;  // capabilities the chip lacks, in requires: order
  bool condition_true = false;            // whether its condition would have matched
                                          // (always true in match()'s `blocked` list)
};

// A rule whose condition could not be decided: it reads a signal that was not measured, and
// the measured ones do not settle it (false and missing = false; true or missing = true).
// Never fired; reported so the reader knows which verdicts the missing signals withheld.
struct UndecidedRule {
  const Rule* rule = nullptr;
  // The condition's signals that were missing (views of signal_table() names: static, so
  // reporting them allocates no strings on the matcher's hot path).
  std::vector<std::string_view> missing;
  bool outranks_fired = false;  // none fired, or its estimate (unknown, or its value at
                                // full evidence) could outscore the fired rule: with the
                                // missing signals measured it might have won
};

// One rule in the ranking (docs/rules.md, "Ranking"): an eligible rule whose condition holds
// (evidence 1) or misses by a small margin (evidence in [min_evidence, 1)).
struct RankedRule {
  const Rule* rule = nullptr;
  double evidence = 1;                 // the condition's graded degree
  std::optional<double> raw_estimate;  // the estimate expression's value (nullopt: missing
                                       // signals, or the rule has none)
  double estimate = 0;                 // raw_estimate clamped to [0, 1]
  double calibration = 1;              // the rule's learned factor (Calibration::factor)
  double score = 0;  // evidence x estimate x calibration x confidence (0 without an estimate)
  bool holds() const { return evidence >= 1; }
};

// (A field added here must also be reset where Matcher::evaluate starts, for match into a
// reused result: tests/engine/matcher_equivalence_test compares the two.)
struct MatchResult {
  // The top of `ranked` that may fire: a rule whose condition holds, or a non-stop rule on a
  // near miss (a stop rule ends the loop, so it needs its condition to hold). nullptr if none.
  const Rule* fired = nullptr;
  // The share of the kernel's time the fired rule explains: evidence x estimate x calibration
  // (0 when nothing fired or it has no estimate).
  double explained = 0;
  // The fired rule explains under evolution.min_explained of the time: the verdict is "no rule
  // explains this" (the top stall and pipe), not its class. `fired` stays set: the loop may
  // still try its hypothesis, and the reader sees which rule came closest.
  bool weak = false;
  bool unexplained() const { return !fired || weak; }
  // The verdict is a tie (rules/verdict_tie.h, docs/rules.md "A verdict the next measurement
  // would keep"): the runner-up of another class that the measured spread of the signals
  // could put first (nullptr: none), its score's distance from the fired rule's (relative),
  // and whether the explained share is that close to evolution.min_explained.
  const Rule* tie = nullptr;
  double tie_margin = 0;
  bool tie_unexplained = false;
  // Every eligible rule that holds or nearly holds, best first: by score (rules with an
  // estimate before rules without), then priority, confidence and file order.
  std::vector<RankedRule> ranked;
  // The estimate's inputs of the fired rule (names and values), to show beside it. The names
  // are views of storage that lives as long as the process (the signal table's names, and the
  // matcher's interned `chip.*` names), so a result may outlive its Matcher and its table.
  std::vector<std::pair<std::string_view, Value>> estimate_inputs;
  // The values of the names in the fired rule's condition (what made it true); names as above.
  // Both lists end with the derived signals the expression uses (rules/derived.h), each by its
  // name and value, after the signals they are computed from.
  std::vector<std::pair<std::string_view, Value>> evidence;
  // The names in evidence and estimate_inputs that are derived signals (views as above).
  std::vector<std::string_view> derived;
  std::vector<BlockedRule> blocked;      // guard-blocked rules whose condition was true
  std::vector<const Rule*> outranked;    // the rest of `ranked` after `fired`, in order
  std::vector<UndecidedRule> undecided;  // eligible rules left undecided by missing signals
  // Signals some rule needed but were not measured (any non-retired rule; signal-table order);
  // views of the signal table's names.
  std::vector<std::string_view> missing_signals;
};

class Matcher {
 public:
  explicit Matcher(const RuleTable& table);
  // Thread-compatible; reuses an internal slot buffer, so one Matcher per thread.
  // The table may change between calls (the evolver moves confidences, retires rules and
  // appends proposals): the order and the compiled program (rule_program.h) are rebuilt when
  // it has. A rule whose `when` or `estimate` is replaced in place is not noticed (its compiled
  // form stays): build a new Matcher for that.
  MatchResult match(const SignalSet& signals, const ChipProfile& chip);
  // The same into `out`, every field overwritten, reusing the storage of its vectors: for
  // callers that classify many signal sets in a loop (no allocation for the result's lists
  // once warm: undecided and blocked rules' own lists reuse the storage the previous result
  // held).
  void match(const SignalSet& signals, const ChipProfile& chip, MatchResult& out);
  // The same for a signal set by id (signal_vector.h): no name lookups, a copy of its numbers.
  // The fastest entry, into a reused result: what the issue-29 bar (>= 1 M classifications/s)
  // is measured on (docs/benchmarks.md). `signals` must outlive the result's use only through
  // the Values the result copies (none are referenced).
  MatchResult match(const SignalVector& signals, const ChipProfile& chip);
  void match(const SignalVector& signals, const ChipProfile& chip, MatchResult& out);
  // The same for signals already bound into slots (bind_signal_slots: signal_table() order,
  // at least signal_table().size() entries): for callers that classify one signal set under
  // several chips or tables (dry-run, replay) and bind it once.
  MatchResult match_bound(std::span<const Value> signal_slots, const ChipProfile& chip);

  // Many signal sets under one chip (issue 29): prepare() does once what every match() does
  // first, the table-change check and the chip check (binding the chip and the guards when it
  // is new); match_prepared() classifies by id into a reused result without them, every field
  // as match(signals, chip, out) would fill it. The chip must outlive the batch. What it still
  // notices by itself: another chip bound by a match() in between, and rules appended, removed
  // or moved (the table's storage or size): it prepares again. What it does not: a rule's
  // priority, status or confidence, or the chip's numbers or capabilities, changed in place
  // after prepare(): call prepare() again after such a change (the evolver's loop does; a
  // classify or eval pass over a corpus changes nothing). Throws std::logic_error when
  // nothing was prepared.
  void prepare(const ChipProfile& chip);
  void match_prepared(const SignalVector& signals, MatchResult& out);

 private:
  struct RuleInfo {
    const Rule* rule = nullptr;
    // Condition names and their slots; then the estimate's (views: interned_name()).
    std::vector<std::pair<std::string_view, int>> names;
    std::vector<int> cap_slots;  // slots of its requires: capabilities
    std::vector<std::pair<std::string_view, int>> estimate_names;
    // The derived signals its condition, then its estimate, use: name, definition, and the
    // slots the definition reads.
    struct Derived {
      std::string_view name;
      const Expression* expr = nullptr;
      std::vector<int> slots;
    };
    std::vector<Derived> derived_when, derived_estimate;
    int order = 0;         // rank in order_ (tie-break)
    int when = -1;         // its condition in program_ (-1: none)
    int estimate = -1;     // its estimate in program_ (-1: none)
    bool eligible = true;  // its guard passes on the bound chip (set when the chip is bound)
    // A conjunct that rules the condition out in a few instructions when it misses by too much
    // to rank (RuleProgram::shut): about half the rules on the bench's signal sets.
    RuleProgram::Gate gate;
  };
  void refresh();  // rebuilds order_ / info_ if the table changed since the last call
  // refresh(), then the chip slots and the guards (re)bound unless `chip` is bound already.
  void bind_chip(const ChipProfile& chip);
  void evaluate(const ChipProfile& chip, MatchResult& out);  // bind_chip, then run
  void run(const ChipProfile& chip, MatchResult& out);       // over the bound slots
  // Binds a SignalVector's values (dense_, present_, the frame's signal slots).
  void bind_vector(const SignalVector& signals);
  // The Value bound to a slot (nullptr: missing): for a signal slot bound from a SignalVector,
  // its entry in dense_; otherwise values_.
  const Value* value_at(int slot) const {
    const auto i = static_cast<std::size_t>(slot);
    if (i < dense_.size()) return is_missing(dense_[i]) ? nullptr : &dense_[i];
    return values_[i];
  }
  // Whether signal slot i (< signal_table().size()) is missing: for a bound SignalVector from
  // its present bits, so the check reads 8 bytes per 64 signals instead of the signal's Value
  // (a cache line of the vector's Values each: with many signal sets classified in turn, those
  // lines are cold; about a fifth of a match's D1 misses at matcher_bench's 4,096 sets).
  bool signal_missing(std::size_t i) const {
    if (!present_.empty()) return ((present_[i / 64] >> (i % 64)) & 1) == 0;
    return values_[i] == nullptr;
  }

  const RuleTable& table_;
  std::vector<const Rule*> order_;  // rules sorted by (priority, -confidence, file order)
  // Every rule's condition and estimate, compiled when order_ is built (rule_program.h).
  RuleProgram program_;
  SlotFrame frame_;                   // the slots as program_ reads them
  std::vector<const Value*> values_;  // per slot, the Value it holds (nullptr: missing)
  // The SignalVector's values while one is bound (its signal slots are read there, not from
  // values_, which that binding leaves stale); empty otherwise.
  std::span<const Value> dense_;
  std::span<const std::uint64_t> present_;  // its SignalVector::present() bits, while bound
  std::vector<Value> slots_;             // chip numbers (bind_chip_frame), which values_ points at
  std::vector<Value> derived_slots_;     // the fired rule's derived signals' inputs, to evaluate
  std::vector<ValueType> signal_types_;  // per signal id, its type (signal_table() order)
  std::vector<RuleInfo> info_;           // in order_ order
  std::vector<int> needed_signals_;      // signal slots any non-retired rule reads, ascending
  std::vector<std::uint64_t> needed_words_;     // the same as bits (SignalVector::present layout)
  const ChipProfile* prepared_chip_ = nullptr;  // prepare()'s chip (nullptr: none)
  std::vector<int> chip_slots_;  // chip slots any rule reads (guards, names), ascending
  // The chip the chip slots were last bound from (bind_chip_frame only writes chip slots, and
  // signal binding only signal slots, so they stay bound until the chip or the table changes):
  // its address, its capabilities and every number in map order. A chip edited in place between
  // two matches (a number changed, a capability added, removed or replaced) is bound again.
  const ChipProfile* bound_chip_ = nullptr;
  std::vector<std::string> bound_caps_;
  std::vector<double> bound_numbers_;
  bool chip_bound(const ChipProfile& chip) const;
  // What order_ was built from, to notice changes cheaply.
  const Rule* seen_data_ = nullptr;
  std::size_t seen_size_ = 0;
  struct SeenKey {
    int priority;
    int status;                // RuleStatus
    std::uint64_t confidence;  // its bits
  };
  std::vector<SeenKey> seen_keys_;
};

}  // namespace solver::rules
