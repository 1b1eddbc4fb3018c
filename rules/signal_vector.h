// A signal set by signal id (issue 29, "matching >= 1 M classifications/s"): one entry per
// signal_table() row, so the matcher binds it with a copy instead of a name lookup per signal
// (Matcher::match(const SignalVector&, ...)). Names are resolved once, by the caller that
// fills it (signal_index() at start-up, or the name-based set() below); SignalSet, the sorted
// name -> value map, stays the type the profiler, the files and the recordings carry, and
// SignalVector(const SignalSet&) is the adapter between the two.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "rules/signals.h"
#include "rules/value.h"

namespace solver::rules {

class SignalVector {
 public:
  SignalVector();                                 // every signal missing
  explicit SignalVector(const SignalSet& named);  // names that are not signals are dropped
  // Every signal from a named set (the others missing), reusing this vector's storage.
  void assign(const SignalSet& named);

  // Signal `id` (an index into signal_table(), as signal_index() gives it) gets `v`. A value
  // of another type than the signal's, or a number that is not finite, is stored as missing:
  // the matcher reads it so from a SignalSet too (bind_signal_slots). Throws
  // std::out_of_range for an id outside the table.
  void set(int id, Value v);
  // The same by name; false (nothing stored) when `name` is not a signal.
  bool set(std::string_view name, Value v);
  void erase(int id) { set(id, Value{}); }
  void clear();  // every signal missing

  const Value& get(int id) const { return values_.at(static_cast<std::size_t>(id)); }
  bool has(int id) const { return !is_missing(get(id)); }
  std::size_t size() const { return values_.size(); }  // signal_table().size()
  // Per id: the value (missing = monostate), and the number the rule program reads (a number
  // as is, a bool as 0 or 1; NaN when missing and for strings).
  std::span<const Value> values() const { return values_; }
  std::span<const double> numbers() const { return num_; }
  // Which ids hold a value: bit (id % 64) of word (id / 64), the bits past size() zero. The
  // matcher lists a match's missing signals from it a word at a time (needed & ~present).
  std::span<const std::uint64_t> present() const { return present_; }

 private:
  void fill_number(std::size_t i);  // num_[i] and i's bit in present_ from values_[i]
  std::vector<Value> values_;
  std::vector<double> num_;
  std::vector<std::uint64_t> present_;
};

// Whether a value is one a signal of type `t` holds (bind_signal_slots's rule: the signal's
// type, and a finite number); any other is read as missing.
bool fits_signal(ValueType t, const Value& v);

}  // namespace solver::rules
