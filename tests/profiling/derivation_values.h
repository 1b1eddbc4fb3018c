// Reading a Derivation's signals in the profiling tests: a number that must be there, whether
// one is there at all, and `m` to pass a metric-name constant where a std::string is wanted.
#pragma once
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <variant>

#include "profiling/signal_derivation.h"

namespace solver::profiling::testing {

inline double num(const Derivation& d, const char* name) {
  const auto& v = d.signals.get(name);
  REQUIRE_MESSAGE(std::holds_alternative<double>(v), name << " is missing or not a number");
  return std::get<double>(v);
}
inline bool has(const Derivation& d, const char* name) {
  return !rules::is_missing(d.signals.get(name));
}
inline std::string m(std::string_view s) { return std::string(s); }

}  // namespace solver::profiling::testing
