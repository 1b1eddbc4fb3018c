// Named derived signals: the `derived:` section of a rule table (docs/rules.md, "Derived
// signals"). Each is a name for an expression over the measured signals, chip.<name> and the
// derived signals defined above it; a rule's `when` or `estimate` uses the name as it would a
// signal. The expression parser writes the definition out in the name's place (Symbol::expansion,
// ExprNode::derived), so a table behaves exactly as if every use were spelled in full, and the
// name stays on the subtree for display (classify's evidence, canonical text).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "rules/diagnostics.h"
#include "rules/expression.h"

namespace YAML {
class Node;
}

namespace solver::rules {

struct DerivedSignal {
  std::string name;
  std::string text;                // the definition as written
  std::optional<Expression> expr;  // set after a successful load
  SourceLocation where;            // of the name
};

// Parses a `derived:` mapping (name -> expression), in file order, reporting every problem
// located: a name that is not an identifier, is a keyword or a function, or is already a
// measured signal's; a definition that uses a derived signal defined below it (a cycle is named
// as one); and the expression's own errors. A definition that failed is kept without `expr`, so
// its uses raise no second error.
// `base` resolves the measured names (rule_resolver()).
std::vector<DerivedSignal> parse_derived_signals(const YAML::Node& node, const std::string& file,
                                                 const Resolver& base, Diagnostics& diags);

// The resolver a table's rules use: `base` (rule_resolver()), then the first `visible` of these
// derived signals. It refers to `derived`, which must outlive it and not move.
Resolver derived_resolver(Resolver base, const std::vector<DerivedSignal>& derived,
                          std::size_t visible = static_cast<std::size_t>(-1));

const DerivedSignal* find_derived(const std::vector<DerivedSignal>& derived, std::string_view name);

}  // namespace solver::rules
