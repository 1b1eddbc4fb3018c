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
  c->derived = n.derived;
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

void collect_derived(const ExprNode& n, std::vector<std::string>& out) {
  if (!n.derived.empty() && std::find(out.begin(), out.end(), n.derived) == out.end())
    out.push_back(n.derived);
  for (const auto& c : n.children) collect_derived(*c, out);
}

struct TreeSize {
  long long nodes = 0;
  int depth = 0;
};

// Nodes and depth of `n` with its derived names written out (an expansion's own size is
// bounded: it passed this check when its definition was parsed).
TreeSize expanded_size(const ExprNode& n) {
  if (n.kind == ExprNode::Kind::Name && n.symbol.expansion)
    return expanded_size(*n.symbol.expansion);
  TreeSize t{1, 1};
  for (const auto& c : n.children) {
    TreeSize k = expanded_size(*c);
    t.nodes += k.nodes;
    t.depth = std::max(t.depth, k.depth + 1);
  }
  return t;
}

// Puts a copy of each derived signal's tree in its name's place, marked with the name and
// located where the name was written.
void expand(std::unique_ptr<ExprNode>& n) {
  if (n->kind == ExprNode::Kind::Name && n->symbol.expansion) {
    auto copy = clone(*n->symbol.expansion);
    copy->derived = n->text;
    copy->line = n->line;
    copy->column = n->column;
    copy->begin_line = n->begin_line;
    copy->begin_column = n->begin_column;
    n = std::move(copy);
    return;
  }
  for (auto& c : n->children) expand(c);
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
  const TreeSize size = expanded_size(*root);
  if (size.nodes > kMaxExpandedNodes || size.depth > kMaxExpandedDepth) {
    diags.error(expr::locate(origin, expr::Pos{root->begin_line, root->begin_column}),
                "with its derived signals written out the expression has " +
                    std::to_string(size.nodes) + " parts nested " + std::to_string(size.depth) +
                    " deep (the limits are " + std::to_string(kMaxExpandedNodes) + " and " +
                    std::to_string(kMaxExpandedDepth) + ")");
    return std::nullopt;
  }
  expand(root);
  Expression e;
  e.text_ = std::string(text);
  e.root_ = std::move(root);
  e.compile();
  return e;
}

namespace {
std::string canonical_text(const ExprNode& n, bool expanded) {
  using K = ExprNode::Kind;
  if (!expanded && !n.derived.empty()) return n.derived;
  auto canonical = [expanded](const ExprNode& c) { return canonical_text(c, expanded); };
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
}  // namespace

std::string Expression::canonical(const ExprNode& n) { return canonical_text(n, false); }
std::string Expression::expanded_canonical(const ExprNode& n) { return canonical_text(n, true); }

std::string Expression::canonical() const { return root_ ? canonical(*root_) : std::string(); }

std::vector<std::string> Expression::names() const {
  std::vector<std::string> out;
  if (root_) collect_names(*root_, out);
  return out;
}

std::vector<std::string> Expression::derived_names() const {
  std::vector<std::string> out;
  if (root_) collect_derived(*root_, out);
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
