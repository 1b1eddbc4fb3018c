// The signal vocabulary: every name a rule may test, with unit and meaning. One table in code
// (signals.cpp); docs/signals.md is generated from it (`solver signals --markdown`) and a test
// checks the two agree.
#pragma once
#include <boost/container/flat_map.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "rules/value.h"

namespace solver::rules {

struct SignalDef {
  std::string_view name;     // e.g. "dram_frac"
  ValueType type;            // Number for all but dtype
  std::string_view unit;     // "fraction 0..1", "bytes", "us", ...
  std::string_view meaning;  // one line
  std::string_view source;   // where it comes from (derived / CUPTI metric / driver)
};

std::span<const SignalDef> signal_table();
std::optional<int> signal_index(std::string_view name);  // index into signal_table()
// The range a numeric signal's value must lie in: the "lo..hi" that ends its unit ("fraction
// 0..1"), else [0, inf) (counts, sizes, times and rates are never negative). nullopt for bool
// and string signals. A derived value outside it is a defect, never a signal (see
// profiling/signal_derivation.h).
std::optional<std::pair<double, double>> signal_range(const SignalDef& s);
// Why `v` cannot be a value of `s` ("-7 lies outside 0..1 (fraction 0..1)"), or nullopt when it
// lies within signal_range (give or take the derivation's rounding slack: half a percent of a
// bounded range). The signal-file reader checks it, so a value the derivation would drop as a
// defect cannot come in by a hand-written file. (Ledgers and measurements keep what they
// recorded: runs of 2026-11-29 hold load_eff = 3, derived before the unit was a fraction, and
// must stay readable for report and replay.)
std::optional<std::string> signal_value_problem(const SignalDef& s, double v);
// (name, index into signal_table()) sorted by name: lets a caller walk a SignalSet (a sorted
// map) and the table together in one merge pass instead of one lookup per signal.
std::span<const std::pair<std::string_view, int>> signal_index_by_name();
// The vocabulary as a Markdown table (| signal | type | unit | meaning | source |), the table
// docs/signals.md carries; a test checks the two agree.
std::string signals_markdown();

// A set of measured signals for one kernel (or one problem variant). Missing = not measured.
struct SignalSet {
  // A sorted flat vector, not a std::map: a kernel has ~30 signals, and the matcher binds every
  // one per classification; walking contiguous memory instead of ~30 tree nodes is what takes
  // matching from a SignalSet past 1M sets/s (docs/benchmarks.md).
  boost::container::flat_map<std::string, Value, std::less<>> values;
  const Value& get(std::string_view name) const;  // monostate if absent
  void set(std::string name, Value v) { values[std::move(name)] = std::move(v); }
};

}  // namespace solver::rules
