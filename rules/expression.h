// The safe expression language used by rules (`when:`) and problem specs (shapes, grids,
// formulas, knob constraints). Our own tokenizer, parser and tree-walking evaluator: nothing
// is ever executed. Grammar (lowest precedence first):
//   or_expr   := and_expr ('or' and_expr)*
//   and_expr  := not_expr ('and' not_expr)*
//   not_expr  := 'not' not_expr | comparison
//   comparison:= additive (('<'|'<='|'>'|'>='|'=='|'!=') additive)?   (non-associative)
//   additive  := term (('+'|'-') term)*
//   term      := unary (('*'|'/'|'%') unary)*
//   unary     := '-' unary | primary
//   primary   := NUMBER | STRING | 'true' | 'false' | NAME ('.' NAME)* | NAME '(' args ')' | '(' or_expr ')'
// Functions (fixed whitelist): min, max, abs, ceil_div, floor, ceil, log2, is_pow2.
// Names are bound at parse time through a resolver to a slot and a type, so evaluation is an
// array lookup (fast: the matcher classifies >1M signal sets per second).
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rules/diagnostics.h"
#include "rules/value.h"

namespace solver::rules {

struct Symbol {
  int slot = -1;
  ValueType type = ValueType::Number;
};

// Returns the symbol for a (possibly dotted) name such as "dram_frac" or "chip.tf32", or
// nullopt if the name is unknown (which is a located error).
using Resolver = std::function<std::optional<Symbol>(std::string_view name)>;

// One AST node. Public so that analyses (shadowing, provenance, proposal) can walk the tree.
struct ExprNode {
  enum class Kind { Number, Bool, String, Name, Unary, Binary, Call } kind;
  std::string op;    // operator or function name ("+", "<", "and", "not", "neg", "min" ...)
  double number = 0;
  bool boolean = false;
  std::string text;  // string literal or name
  Symbol symbol;     // for Name
  ValueType type = ValueType::Number;  // static type, set by the type checker
  int column = 0;    // 1-based column within the expression text
  std::vector<std::unique_ptr<ExprNode>> children;
};

class Expression {
 public:
  // Parses and type-checks `text`. `origin` is where the text starts in its file (so errors
  // point at file:line:column of the offending token). All errors go to `diags`; returns
  // nullopt if there was any. `expect` (if given) is the type the whole expression must have.
  static std::optional<Expression> parse(std::string_view text, const SourceLocation& origin,
                                         const Resolver& resolve, Diagnostics& diags,
                                         std::optional<ValueType> expect = std::nullopt);

  // Evaluates over slot values. A missing operand makes the result missing (monostate);
  // and/or short-circuit (false and missing = false; true or missing = true).
  Value evaluate(std::span<const Value> slots) const;
  bool evaluate_bool(std::span<const Value> slots) const;  // missing -> false

  ValueType type() const { return root_->type; }
  const ExprNode& root() const { return *root_; }
  const std::string& text() const { return text_; }
  std::string canonical() const;            // fully parenthesised, normalised text
  std::vector<std::string> names() const;   // distinct names referenced, in order of appearance

  Expression(const Expression& other);
  Expression& operator=(const Expression& other);
  Expression(Expression&&) noexcept = default;
  Expression& operator=(Expression&&) noexcept = default;
  ~Expression();

 private:
  Expression() = default;
  std::string text_;
  std::unique_ptr<ExprNode> root_;
};

}  // namespace solver::rules
