// One pattern for every enum <-> name table of the project.
//
// To-string is `const char* to_string(E)`, declared next to the enum: an exhaustive `switch`
// with no `default:` (so -Wswitch, an error under -Werror, names a new enumerator that has no
// name yet), followed by `return nullptr` for a value that is no enumerator. The enumerators
// carry no explicit values (0, 1, ... N-1), so the name table is the switch itself: the parse
// below walks the enumerators until to_string answers nullptr. There is no second table that
// could drift from the first, and no fallback name ("unknown", "?") that could be mistaken for
// a real one.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/diagnostics.h"

namespace solver::rules {

// No enum of ours comes close; the bound only keeps a to_string that never answers nullptr
// from looping forever.
inline constexpr int kMaxEnumerators = 256;

// Every enumerator of E, in declaration order.
template <class E>
std::vector<E> enum_values() {
  std::vector<E> out;
  for (int i = 0; i < kMaxEnumerators; ++i) {
    auto e = static_cast<E>(i);
    if (to_string(e) == nullptr) break;
    out.push_back(e);
  }
  return out;
}

// The enumerator named `s`, or nullopt.
template <class E>
std::optional<E> parse_enum(std::string_view s) {
  for (E e : enum_values<E>())
    if (s == to_string(e)) return e;
  return std::nullopt;
}

// "a, b or c": the valid names, for an error message.
template <class E>
std::string enum_names() {
  std::string out;
  auto all = enum_values<E>();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i) out += i + 1 == all.size() ? " or " : ", ";
    out += to_string(all[i]);
  }
  return out;
}

// The parse for user input: an unknown name is an InputError at `where` that lists the valid
// ones ("unknown OFF policy 'x' (best-static or first-rule)").
template <class E>
E parse_enum_or_throw(std::string_view s, const SourceLocation& where, const std::string& what) {
  if (auto e = parse_enum<E>(s)) return *e;
  throw InputError(
      Diagnostic{where, "unknown " + what + " '" + std::string(s) + "' (" + enum_names<E>() + ")"});
}

}  // namespace solver::rules
