#include "rules/expr_constants.h"

#include <algorithm>
#include <variant>

#include "rules/expr_lexer.h"

namespace solver::rules {

namespace {

// A derived signal counts as a name: its definition was checked where it is defined.
bool uses_no_name(const ExprNode& n) {
  if (n.kind == ExprNode::Kind::Name || !n.derived.empty()) return false;
  return std::all_of(n.children.begin(), n.children.end(),
                     [](const auto& c) { return uses_no_name(*c); });
}

// The value of a part that uses no name: its canonical text parsed on its own and evaluated
// (nullopt when that text does not parse, e.g. past the length limit: not judged then).
std::optional<Value> value_of(const ExprNode& n) {
  Diagnostics scratch;
  auto part = Expression::parse(
      Expression::canonical(n), SourceLocation("(constant)"),
      [](std::string_view) { return std::optional<Symbol>(); }, scratch);
  if (!part) return std::nullopt;
  return part->evaluate({});
}

}  // namespace

std::size_t check_constant_parts(const Expression& e, const SourceLocation& origin,
                                 Diagnostics& diags) {
  std::size_t found = 0;
  // Post-order: a part is reported only when none of its own parts was.
  auto walk = [&](auto& self, const ExprNode& n) -> bool {
    bool inner = false;
    for (const auto& c : n.children) inner = self(self, *c) || inner;
    if (inner || n.children.empty() || !uses_no_name(n)) return inner;
    auto v = value_of(n);
    if (!v || !std::holds_alternative<std::monostate>(*v)) return false;
    diags.error(expr::locate(origin, expr::Pos{n.line, n.column}),
                "'" + Expression::canonical(n) +
                    "' never has a value (a division by zero, log2 of a number <= 0 or an "
                    "overflow): a part that uses no signal must evaluate");
    ++found;
    return true;
  };
  walk(walk, e.root());
  return found;
}

}  // namespace solver::rules
