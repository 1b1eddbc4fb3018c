// Static type checking of expression trees, and the function whitelist.
#include <array>
#include <string>

#include "rules/expr_parser.h"

namespace solver::rules {

namespace {
constexpr std::array<FunctionDef, 9> kFunctions{{
    {"min", 2, -1, ValueType::Number, "smallest argument"},
    {"max", 2, -1, ValueType::Number, "largest argument"},
    {"abs", 1, 1, ValueType::Number, "absolute value"},
    {"ceil_div", 2, 2, ValueType::Number, "ceil(a / b); missing if b is 0"},
    {"floor", 1, 1, ValueType::Number, "round down to an integer"},
    {"ceil", 1, 1, ValueType::Number, "round up to an integer"},
    {"log2", 1, 1, ValueType::Number, "base-2 logarithm; missing if the argument is <= 0"},
    {"is_pow2", 1, 1, ValueType::Bool, "true if the argument is a power of two (1, 2, 4, ...)"},
    {"given", 2, 2, ValueType::Number,
     "the first argument when it is known, else the second (a stated default for an "
     "unmeasured signal)"},
}};
}  // namespace

std::span<const FunctionDef> function_table() { return kFunctions; }

namespace expr {

const FunctionDef* find_function(std::string_view name) {
  for (const auto& f : kFunctions) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

namespace {

const char* article(ValueType t) {
  return t == ValueType::Number ? "a number" : t == ValueType::Bool ? "a bool" : "a string";
}

// Operands are quoted by their canonical text, cut short so messages stay one line.
std::string quoted(const ExprNode& n) {
  std::string s = Expression::canonical(n);
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return "'" + s + "'";
}

class Checker {
 public:
  Checker(const SourceLocation& origin, Diagnostics& diags) : origin_(origin), diags_(diags) {}

  std::optional<ValueType> check(ExprNode& n) {
    std::optional<ValueType> t = visit(n);
    if (t) n.type = *t;
    return t;
  }

 private:
  void error_at_begin(const ExprNode& n, std::string msg) {
    if (errors_++ >= kMaxErrorsPerExpression) return;
    diags_.error(locate(origin_, Pos{n.begin_line, n.begin_column}), std::move(msg));
  }
  void error_at_op(const ExprNode& n, std::string msg) {
    if (errors_++ >= kMaxErrorsPerExpression) return;
    diags_.error(locate(origin_, Pos{n.line, n.column}), std::move(msg));
  }

  // Checks that operand `arg` (already typed as `t`) has type `want`; reports at the operand.
  bool require(const ExprNode& arg, std::optional<ValueType> t, ValueType want,
               const std::string& context) {
    if (!t) return false;
    if (*t == want) return true;
    std::string hint;
    if (*t == ValueType::String && want == ValueType::Number) {
      hint = " (strings can only be compared with == and !=)";
    }
    error_at_begin(arg, context + " needs " + article(want) + ", but " + quoted(arg) + " is " +
                            article(*t) + hint);
    return false;
  }

  std::optional<ValueType> visit(ExprNode& n) {
    using K = ExprNode::Kind;
    switch (n.kind) {
      case K::Number:
        return ValueType::Number;
      case K::Bool:
        return ValueType::Bool;
      case K::String:
        return ValueType::String;
      case K::Name:
        // Unknown (already reported), or a derived signal whose definition failed to load.
        if (n.symbol.slot < 0 && !n.symbol.expansion) return std::nullopt;
        return n.symbol.type;
      case K::Unary: {
        auto t = check(*n.children[0]);
        bool is_not = n.op == "not";
        ValueType want = is_not ? ValueType::Bool : ValueType::Number;
        if (!require(*n.children[0], t, want, is_not ? "'not'" : "unary '-'")) return std::nullopt;
        return want;
      }
      case K::Binary:
        return binary(n);
      case K::Call:
        return call(n);
    }
    return std::nullopt;
  }

  std::optional<ValueType> binary(ExprNode& n) {
    ExprNode& l = *n.children[0];
    ExprNode& r = *n.children[1];
    auto lt = check(l);
    auto rt = check(r);
    const std::string ctx = "'" + n.op + "'";
    if (n.op == "and" || n.op == "or") {
      bool ok = require(l, lt, ValueType::Bool, ctx);
      ok = require(r, rt, ValueType::Bool, ctx) && ok;
      return ok ? std::optional(ValueType::Bool) : std::nullopt;
    }
    if (n.op == "==" || n.op == "!=") {
      if (!lt || !rt) return std::nullopt;
      if (*lt != *rt) {
        error_at_op(n, "cannot compare " + std::string(article(*lt)) + " with " + article(*rt) +
                           " using " + ctx + " (" + quoted(l) + " " + n.op + " " + quoted(r) + ")");
        return std::nullopt;
      }
      return ValueType::Bool;
    }
    bool ok = require(l, lt, ValueType::Number, ctx);
    ok = require(r, rt, ValueType::Number, ctx) && ok;
    if (!ok) return std::nullopt;
    bool ordering = n.op == "<" || n.op == "<=" || n.op == ">" || n.op == ">=";
    return ordering ? ValueType::Bool : ValueType::Number;
  }

  std::optional<ValueType> call(ExprNode& n) {
    const FunctionDef* f = find_function(n.op);
    bool ok = f != nullptr;  // unknown function: already reported; still check arguments
    int argc = static_cast<int>(n.children.size());
    if (f && (argc < f->min_args || (f->max_args >= 0 && argc > f->max_args))) ok = false;
    for (int i = 0; i < argc; ++i) {
      auto t = check(*n.children[i]);
      std::string ctx = "argument " + std::to_string(i + 1) + " of '" + n.op + "'";
      ok = require(*n.children[i], t, ValueType::Number, ctx) && ok;
    }
    if (!ok) return std::nullopt;
    return f->result;
  }

  const SourceLocation& origin_;
  Diagnostics& diags_;
  std::size_t errors_ = 0;
};

}  // namespace

std::optional<ValueType> type_check(ExprNode& root, const SourceLocation& origin,
                                    Diagnostics& diags) {
  return Checker(origin, diags).check(root);
}

}  // namespace expr
}  // namespace solver::rules
