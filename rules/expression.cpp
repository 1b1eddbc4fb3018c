// Expression: parse entry point (tokenize, parse, type check, compile), canonical text,
// names and copying. The pieces live in expr_lexer, expr_parser, expr_check and expr_eval.
#include "rules/expression.h"

#include <algorithm>

#include "rules/expr_parser.h"

namespace solver::rules {

namespace {

std::unique_ptr<ExprNode> clone(const ExprNode& n) {
  auto c = std::make_unique<ExprNode>();
  c->kind = n.kind;
  c->op = n.op;
  c->number = n.number;
  c->boolean = n.boolean;
  c->text = n.text;
  c->symbol = n.symbol;
  c->type = n.type;
  c->column = n.column;
  c->line = n.line;
  c->begin_line = n.begin_line;
  c->begin_column = n.begin_column;
  c->children.reserve(n.children.size());
  for (const auto& child : n.children) c->children.push_back(clone(*child));
  return c;
}

void collect_names(const ExprNode& n, std::vector<std::string>& out) {
  if (n.kind == ExprNode::Kind::Name && std::find(out.begin(), out.end(), n.text) == out.end()) {
    out.push_back(n.text);
  }
  for (const auto& c : n.children) collect_names(*c, out);
}

const char* type_phrase(ValueType t) {
  return t == ValueType::Number ? "a number"
         : t == ValueType::Bool ? "a bool (true/false)"
                                : "a string";
}

}  // namespace

std::optional<Expression> Expression::parse(std::string_view text, const SourceLocation& origin,
                                            const Resolver& resolve, Diagnostics& diags,
                                            std::optional<ValueType> expect) {
  if (text.size() > expr::kMaxExpressionLength) {
    diags.error(expr::locate(origin, expr::Pos{}),
                "expression too long (" + std::to_string(text.size()) +
                    " characters; the limit is " + std::to_string(expr::kMaxExpressionLength) +
                    ")");
    return std::nullopt;
  }
  const std::size_t before = diags.size();
  std::vector<expr::Token> tokens;
  if (!expr::tokenize(text, origin, diags, tokens)) return std::nullopt;
  std::unique_ptr<ExprNode> root = expr::parse_tokens(tokens, origin, resolve, diags);
  if (!root) return std::nullopt;
  std::optional<ValueType> type = expr::type_check(*root, origin, diags);
  if (type && expect && *type != *expect) {
    diags.error(expr::locate(origin, expr::Pos{root->begin_line, root->begin_column}),
                std::string("expected ") + type_phrase(*expect) + " expression, but '" +
                    canonical(*root) + "' is " + type_phrase(*type));
  }
  if (diags.size() != before) return std::nullopt;
  Expression e;
  e.text_ = std::string(text);
  e.root_ = std::move(root);
  e.compile();
  return e;
}

std::string Expression::canonical(const ExprNode& n) {
  using K = ExprNode::Kind;
  switch (n.kind) {
    case K::Number:
      return format_value(n.number);
    case K::Bool:
      return n.boolean ? "true" : "false";
    case K::String:
      return format_value(n.text);
    case K::Name:
      return n.text;
    // Appended piece by piece: `"(" + std::string + ...` trips GCC 12's -Wrestrict false
    // positive (GCC bug 105651) in the inlined operator+.
    case K::Unary: {
      std::string s = n.op == "not" ? "(not " : "(-";
      s += canonical(*n.children[0]);
      s += ')';
      return s;
    }
    case K::Binary: {
      std::string s = "(";
      s += canonical(*n.children[0]);
      s += ' ';
      s += n.op;
      s += ' ';
      s += canonical(*n.children[1]);
      s += ')';
      return s;
    }
    case K::Call: {
      std::string s = n.op + "(";
      for (std::size_t i = 0; i < n.children.size(); ++i) {
        if (i) s += ", ";
        s += canonical(*n.children[i]);
      }
      return s + ")";
    }
  }
  return "?";
}

std::string Expression::canonical() const { return root_ ? canonical(*root_) : std::string(); }

std::vector<std::string> Expression::names() const {
  std::vector<std::string> out;
  if (root_) collect_names(*root_, out);
  return out;
}

Expression::Expression(const Expression& other)
    : text_(other.text_), root_(other.root_ ? clone(*other.root_) : nullptr) {
  compile();  // the program holds views into the tree, so it is rebuilt, never copied
}

Expression& Expression::operator=(const Expression& other) {
  if (this != &other) {
    Expression copy(other);
    *this = std::move(copy);
  }
  return *this;
}

Expression::~Expression() = default;

}  // namespace solver::rules
