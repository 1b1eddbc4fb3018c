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
//   primary   := NUMBER | STRING | 'true' | 'false' | NAME ('.' NAME)* | NAME '(' args ')' | '('
//   or_expr ')'
// Functions (fixed whitelist): min, max, abs, ceil_div, floor, ceil, log2, is_pow2, given.
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

struct ExprNode;

struct Symbol {
  int slot = -1;
  ValueType type = ValueType::Number;
  // A derived signal (rules/derived.h): the checked tree the name stands for. Expression::parse
  // puts a copy of it in the name's place, marked with the name (ExprNode::derived), so the
  // expression evaluates exactly as if the definition were written out. Only read during parse.
  const ExprNode* expansion = nullptr;
};

// Returns the symbol for a (possibly dotted) name such as "dram_frac" or "chip.tf32", or
// nullopt if the name is unknown (which is a located error).
using Resolver = std::function<std::optional<Symbol>(std::string_view name)>;

// One AST node. Public so that analyses (shadowing, provenance, proposal) can walk the tree.
struct ExprNode {
  enum class Kind { Number, Bool, String, Name, Unary, Binary, Call } kind;
  std::string op;  // operator or function name ("+", "<", "and", "not", "neg", "min" ...)
                   // (a '-' before a number literal is folded into the literal)
  double number = 0;
  bool boolean = false;
  std::string text;                    // string literal or name
  Symbol symbol;                       // for Name
  ValueType type = ValueType::Number;  // static type, set by the type checker
  int column = 0;  // 1-based column within the expression text (of the operator, for
                   // Unary/Binary; of the function name for Call)
  std::vector<std::unique_ptr<ExprNode>> children;
  // Added: `line` is the line of `column` within the text (a YAML block scalar may span
  // lines); begin_* is where the node's text starts (its leftmost token, or an enclosing '(').
  int line = 1;
  int begin_line = 1;
  int begin_column = 0;
  // Non-empty: this subtree is the expansion of the derived signal of this name (rules/derived.h).
  // canonical() prints the name; evaluation walks the subtree like any other.
  std::string derived;
};

// Limits that keep hostile input harmless; exceeding one is a located error.
inline constexpr int kMaxExpressionDepth = 64;  // nested '(', 'not', '-', function calls
// With derived signals written out (rules/derived.h): at most this many nodes and this depth, so
// definitions that double each other cannot blow a table up.
inline constexpr int kMaxExpandedNodes = 1 << 16;
inline constexpr int kMaxExpandedDepth = 1024;
// (The length limit, 4096 characters, is expr::kMaxExpressionLength in rules/expr_lexer.h.)

// Functions callable from expressions: the fixed whitelist, for docs and error messages.
struct FunctionDef {
  std::string_view name;
  int min_args;
  int max_args;      // -1 = any number >= min_args
  ValueType result;  // arguments are always numbers
  std::string_view meaning;
};
std::span<const FunctionDef> function_table();

namespace expr {
// One node of the flat form evaluate() walks (built from the tree after type checking, so
// that evaluation is a switch over a compact array, with no allocation and no string
// compares). Internal; in the header only because Expression holds a vector of them.
// (A postfix stack machine was tried and measured slower on rules/rules.yaml.)
struct Instr {
  int op = 0;
  // Indices into the program. -1 on a numeric binary operator means the operand is fused
  // into this instruction: the left one read from `slot`, the right one is `number`.
  int lhs = -1, rhs = -1;
  int slot = -1;
  ValueType type = ValueType::Number;  // of the slot (a name); of the operands (== and !=)
  double number = 0;
  std::string_view text;  // string literal (points into the owning tree)
};
}  // namespace expr

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
  // Arithmetic never yields inf or nan: division or remainder by zero, log2 of a value <= 0,
  // ceil_div by zero and overflow give missing; a slot holding nan/inf, or a value of
  // another type than its symbol's, reads as missing. A slot index past the span is missing.
  Value evaluate(std::span<const Value> slots) const;
  bool evaluate_bool(std::span<const Value> slots) const;  // missing (or not a bool) -> false
  // Three-valued: true, false, or nullopt when a missing operand leaves it undecided
  // (false and missing = false; true or missing = true; anything else with a missing operand
  // is undecided). nullopt also for a non-bool expression.
  std::optional<bool> evaluate_tri(std::span<const Value> slots) const;

  // Graded: the degree in [0, 1] to which the condition holds, nullopt when missing signals
  // leave it undecided (the same three-valued rules as evaluate_tri). 1 exactly when
  // evaluate_tri is true; a comparison that misses by under `margin` of its threshold's
  // magnitude grades linearly from 1 down to 0 (docs/rules.md, "Graded evidence").
  std::optional<double> evaluate_soft(std::span<const Value> slots, double margin) const;
  ValueType type() const { return root_->type; }
  const ExprNode& root() const { return *root_; }
  const std::string& text() const { return text_; }
  std::string canonical() const;  // fully parenthesised, normalised text
  // Distinct names read, in order of appearance; the signals and chip names a derived signal
  // stands for count, its own name does not (derived_names()).
  std::vector<std::string> names() const;
  // Distinct derived signals used, directly or through another derived signal, in order of
  // appearance (an outer one before those it uses).
  std::vector<std::string> derived_names() const;
  // Added: canonical text of any subtree (same format as canonical()).
  static std::string canonical(const ExprNode& node);
  // The same with every derived signal written out (what the expression evaluates).
  static std::string expanded_canonical(const ExprNode& node);

  Expression(const Expression& other);
  Expression& operator=(const Expression& other);
  Expression(Expression&&) noexcept = default;
  Expression& operator=(Expression&&) noexcept = default;
  ~Expression();

 private:
  Expression() = default;
  void compile();  // builds code_ from root_
  std::string text_;
  std::unique_ptr<ExprNode> root_;
  std::vector<expr::Instr> code_;  // code_.back() is the root
};

}  // namespace solver::rules
