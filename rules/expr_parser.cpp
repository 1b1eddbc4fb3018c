#include "rules/expr_parser.h"

#include <string>

namespace solver::rules::expr {

namespace {

struct SyntaxError {};  // unwinds the parser after a syntax error has been reported

std::string describe(const Token& t) {
  switch (t.kind) {
    case Tok::Name:
      return "name '" + std::string(t.text) + "'";
    case Tok::Number:
      return "number " + std::string(t.text);
    case Tok::String:
      return "string '" + std::string(t.text) + "'";
    default:
      return to_string(t.kind);
  }
}

bool is_comparison(Tok k) {
  return k == Tok::Lt || k == Tok::Le || k == Tok::Gt || k == Tok::Ge || k == Tok::Eq ||
         k == Tok::Ne;
}

bool starts_operand(Tok k) {
  return k == Tok::Number || k == Tok::String || k == Tok::Name || k == Tok::True ||
         k == Tok::False || k == Tok::LParen || k == Tok::Minus;
}

class Parser {
 public:
  Parser(const std::vector<Token>& toks, const SourceLocation& origin, const Resolver& resolve,
         Diagnostics& diags)
      : t_(toks), origin_(origin), resolve_(resolve), diags_(diags) {}

  std::unique_ptr<ExprNode> run() {
    try {
      if (peek().kind == Tok::End) fail(peek(), "empty expression");
      auto root = or_expr();
      if (peek().kind != Tok::End) {
        fail(peek(), "unexpected " + describe(peek()) + " after a complete expression" +
                         (starts_operand(peek().kind) ? " (missing an operator?)" : ""));
      }
      return root;
    } catch (const SyntaxError&) {
      return nullptr;
    }
  }

 private:
  // Counts nesting so hostile input ("((((..." or "- - - -...") cannot exhaust the stack.
  struct DepthGuard {
    Parser& p;
    DepthGuard(Parser& parser, const Token& at) : p(parser) {
      if (++p.depth_ > kMaxExpressionDepth) {
        p.fail(at, "expression nested too deeply (more than " +
                       std::to_string(kMaxExpressionDepth) + " levels)");
      }
    }
    ~DepthGuard() { --p.depth_; }
  };

  const Token& peek() const { return t_[i_]; }
  const Token& next() { return t_[i_ < t_.size() - 1 ? i_++ : i_]; }

  [[noreturn]] void fail(const Token& at, std::string msg) {
    diags_.error(locate(origin_, at.pos), std::move(msg));
    throw SyntaxError{};
  }
  void error(Pos at, std::string msg) {
    if (errors_++ < kMaxErrorsPerExpression) diags_.error(locate(origin_, at), std::move(msg));
  }

  static std::unique_ptr<ExprNode> leaf(ExprNode::Kind k, const Token& at) {
    auto n = std::make_unique<ExprNode>();
    n->kind = k;
    n->line = n->begin_line = at.pos.line;
    n->column = n->begin_column = at.pos.column;
    return n;
  }

  static std::unique_ptr<ExprNode> unary(std::string op, const Token& at,
                                         std::unique_ptr<ExprNode> operand) {
    auto n = leaf(ExprNode::Kind::Unary, at);
    n->op = std::move(op);
    n->children.push_back(std::move(operand));
    return n;
  }

  static std::unique_ptr<ExprNode> binary(const Token& at, std::unique_ptr<ExprNode> l,
                                          std::unique_ptr<ExprNode> r) {
    auto n = leaf(ExprNode::Kind::Binary, at);
    n->op = std::string(at.text);
    n->begin_line = l->begin_line;
    n->begin_column = l->begin_column;
    n->children.push_back(std::move(l));
    n->children.push_back(std::move(r));
    return n;
  }

  std::unique_ptr<ExprNode> or_expr() {
    auto l = and_expr();
    while (peek().kind == Tok::Or) {
      const Token& op = next();
      l = binary(op, std::move(l), and_expr());
    }
    return l;
  }

  std::unique_ptr<ExprNode> and_expr() {
    auto l = not_expr();
    while (peek().kind == Tok::And) {
      const Token& op = next();
      l = binary(op, std::move(l), not_expr());
    }
    return l;
  }

  std::unique_ptr<ExprNode> not_expr() {
    if (peek().kind != Tok::Not) return comparison();
    const Token& op = next();
    DepthGuard guard(*this, op);
    return unary("not", op, not_expr());
  }

  std::unique_ptr<ExprNode> comparison() {
    auto l = additive();
    if (!is_comparison(peek().kind)) return l;
    const Token& op = next();
    auto n = binary(op, std::move(l), additive());
    if (is_comparison(peek().kind)) {
      fail(peek(), "comparisons cannot be chained (write 'a < b and b < c')");
    }
    return n;
  }

  std::unique_ptr<ExprNode> additive() {
    auto l = term();
    while (peek().kind == Tok::Plus || peek().kind == Tok::Minus) {
      const Token& op = next();
      l = binary(op, std::move(l), term());
    }
    return l;
  }

  std::unique_ptr<ExprNode> term() {
    auto l = unary_expr();
    while (peek().kind == Tok::Star || peek().kind == Tok::Slash || peek().kind == Tok::Percent) {
      const Token& op = next();
      if (op.kind == Tok::Percent && !starts_operand(peek().kind)) {
        fail(op,
             "percentages are not supported (write 0.5, not 50%); '%' is the remainder "
             "operator");
      }
      l = binary(op, std::move(l), unary_expr());
    }
    return l;
  }

  std::unique_ptr<ExprNode> unary_expr() {
    if (peek().kind != Tok::Minus) return primary();
    const Token& op = next();
    DepthGuard guard(*this, op);
    auto operand = unary_expr();
    // A negative literal stays a literal, so thresholds like "x > -0.5" read back as written.
    if (operand->kind == ExprNode::Kind::Number) {
      operand->number = -operand->number;
      operand->line = operand->begin_line = op.pos.line;
      operand->column = operand->begin_column = op.pos.column;
      return operand;
    }
    return unary("neg", op, std::move(operand));
  }

  std::unique_ptr<ExprNode> primary() {
    const Token& t = peek();
    switch (t.kind) {
      case Tok::Number: {
        auto n = leaf(ExprNode::Kind::Number, next());
        n->number = t.number;
        return n;
      }
      case Tok::String: {
        auto n = leaf(ExprNode::Kind::String, next());
        n->text = std::string(t.text);
        return n;
      }
      case Tok::True:
      case Tok::False: {
        auto n = leaf(ExprNode::Kind::Bool, next());
        n->boolean = t.kind == Tok::True;
        return n;
      }
      case Tok::LParen:
        return parenthesised();
      case Tok::Name:
        return name_or_call();
      default:
        break;
    }
    fail(t, "expected a value, got " + describe(t));
  }

  std::unique_ptr<ExprNode> parenthesised() {
    const Token& open = next();
    DepthGuard guard(*this, open);
    auto inner = or_expr();
    if (peek().kind != Tok::RParen) {
      fail(peek(), "expected ')' to close '(' at column " + std::to_string(open.pos.column) +
                       ", got " + describe(peek()));
    }
    next();
    inner->begin_line = open.pos.line;
    inner->begin_column = open.pos.column;
    return inner;
  }

  std::unique_ptr<ExprNode> name_or_call() {
    const Token& first = next();
    std::string name(first.text);
    while (peek().kind == Tok::Dot) {
      next();
      if (peek().kind != Tok::Name) {
        fail(peek(), "expected a name after '.', got " + describe(peek()));
      }
      name += '.';
      name += next().text;
    }
    if (peek().kind == Tok::LParen) {
      if (name.find('.') != std::string::npos) fail(peek(), "'" + name + "' is not a function");
      return call(first, std::move(name));
    }
    auto n = leaf(ExprNode::Kind::Name, first);
    n->text = name;
    if (auto sym = resolve_ ? resolve_(name) : std::nullopt) {
      n->symbol = *sym;
      n->type = sym->type;
    } else {
      n->symbol.slot = -1;
      error(first.pos, "unknown name '" + name + "'");
    }
    return n;
  }

  std::unique_ptr<ExprNode> call(const Token& at, std::string name) {
    next();  // '('
    DepthGuard guard(*this, at);
    auto n = leaf(ExprNode::Kind::Call, at);
    n->op = std::move(name);
    if (peek().kind != Tok::RParen) {
      for (;;) {
        n->children.push_back(or_expr());
        if (peek().kind == Tok::Comma) {
          next();
          continue;
        }
        if (peek().kind == Tok::RParen) break;
        fail(peek(),
             "expected ',' or ')' in the arguments of '" + n->op + "', got " + describe(peek()));
      }
    }
    next();  // ')'
    const FunctionDef* f = find_function(n->op);
    int argc = static_cast<int>(n->children.size());
    if (!f) {
      std::string known;
      for (const auto& d : function_table()) {
        known += (known.empty() ? "" : ", ") + std::string(d.name);
      }
      error(at.pos, "unknown function '" + n->op + "' (known: " + known + ")");
    } else if (argc < f->min_args || (f->max_args >= 0 && argc > f->max_args)) {
      std::string want =
          f->max_args < 0 ? "at least " + std::to_string(f->min_args) : std::to_string(f->min_args);
      error(at.pos, "function '" + n->op + "' takes " + want +
                        (f->min_args == 1 && f->max_args == 1 ? " argument" : " arguments") +
                        ", got " + std::to_string(argc));
    }
    return n;
  }

  const std::vector<Token>& t_;
  const SourceLocation& origin_;
  const Resolver& resolve_;
  Diagnostics& diags_;
  std::size_t i_ = 0;
  int depth_ = 0;
  std::size_t errors_ = 0;
};

}  // namespace

std::unique_ptr<ExprNode> parse_tokens(const std::vector<Token>& tokens,
                                       const SourceLocation& origin, const Resolver& resolve,
                                       Diagnostics& diags) {
  return Parser(tokens, origin, resolve, diags).run();
}

}  // namespace solver::rules::expr
