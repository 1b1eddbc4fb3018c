#include "rules/expr_lexer.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace solver::rules::expr {

const char* to_string(Tok t) {
  switch (t) {
    case Tok::Number:
      return "number";
    case Tok::String:
      return "string";
    case Tok::Name:
      return "name";
    case Tok::True:
      return "'true'";
    case Tok::False:
      return "'false'";
    case Tok::And:
      return "'and'";
    case Tok::Or:
      return "'or'";
    case Tok::Not:
      return "'not'";
    case Tok::LParen:
      return "'('";
    case Tok::RParen:
      return "')'";
    case Tok::Comma:
      return "','";
    case Tok::Dot:
      return "'.'";
    case Tok::Plus:
      return "'+'";
    case Tok::Minus:
      return "'-'";
    case Tok::Star:
      return "'*'";
    case Tok::Slash:
      return "'/'";
    case Tok::Percent:
      return "'%'";
    case Tok::Lt:
      return "'<'";
    case Tok::Le:
      return "'<='";
    case Tok::Gt:
      return "'>'";
    case Tok::Ge:
      return "'>='";
    case Tok::Eq:
      return "'=='";
    case Tok::Ne:
      return "'!='";
    case Tok::End:
      return "end of expression";
  }
  return "?";
}

SourceLocation locate(const SourceLocation& origin, Pos p) {
  if (origin.line <= 0) return SourceLocation{origin.file, p.line, p.column};
  // Later lines of a block scalar are indented like its first, so the origin column holds.
  int base_col = origin.column > 0 ? origin.column : 1;
  return SourceLocation{origin.file, origin.line + p.line - 1, base_col + p.column - 1};
}

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }

class Lexer {
 public:
  Lexer(std::string_view text, const SourceLocation& origin, Diagnostics& diags,
        std::vector<Token>& out)
      : s_(text), origin_(origin), diags_(diags), out_(out) {}

  bool run() {
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (c == '\n') {
        ++i_;
        ++line_;
        line_start_ = i_;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r') {
        ++i_;
        continue;
      }
      Pos p = pos();
      if (is_digit(c) || (c == '.' && i_ + 1 < s_.size() && is_digit(s_[i_ + 1]))) {
        number(p);
      } else if (is_name_start(c)) {
        name(p);
      } else if (c == '"' || c == '\'') {
        string(p, c);
      } else {
        punct(p, c);
      }
    }
    out_.push_back(Token{Tok::End, s_.substr(s_.size()), 0, pos()});
    return errors_ == 0;
  }

 private:
  Pos pos() const { return Pos{line_, static_cast<int>(i_ - line_start_) + 1}; }

  void error(Pos p, std::string msg) {
    if (errors_++ < kMaxErrorsPerExpression) diags_.error(locate(origin_, p), std::move(msg));
  }

  void emit(Tok k, std::size_t start, Pos p, double num = 0) {
    out_.push_back(Token{k, s_.substr(start, i_ - start), num, p});
  }

  void number(Pos p) {
    std::size_t start = i_;
    while (i_ < s_.size() && is_digit(s_[i_])) ++i_;
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      while (i_ < s_.size() && is_digit(s_[i_])) ++i_;
    }
    bool bad = false;
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (i_ >= s_.size() || !is_digit(s_[i_])) bad = true;
      while (i_ < s_.size() && is_digit(s_[i_])) ++i_;
    }
    // "3abc", "1.2.3", "1e": one malformed token, reported once.
    while (i_ < s_.size() && (is_name_char(s_[i_]) || s_[i_] == '.')) {
      bad = true;
      ++i_;
    }
    std::string_view text = s_.substr(start, i_ - start);
    if (bad) {
      error(p, "malformed number '" + std::string(text) + "'");
      return;
    }
    double v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || ptr != text.data() + text.size() || !std::isfinite(v)) {
      error(p, "number '" + std::string(text) + "' is out of range");
      return;
    }
    emit(Tok::Number, start, p, v);
  }

  void name(Pos p) {
    std::size_t start = i_;
    while (i_ < s_.size() && is_name_char(s_[i_])) ++i_;
    std::string_view w = s_.substr(start, i_ - start);
    Tok k = w == "and"     ? Tok::And
            : w == "or"    ? Tok::Or
            : w == "not"   ? Tok::Not
            : w == "true"  ? Tok::True
            : w == "false" ? Tok::False
                           : Tok::Name;
    emit(k, start, p);
  }

  void string(Pos p, char quote) {
    std::size_t start = ++i_;
    while (i_ < s_.size() && s_[i_] != quote && s_[i_] != '\n') ++i_;
    if (i_ >= s_.size() || s_[i_] != quote) {
      error(p, "unterminated string (no closing " + std::string(1, quote) + ")");
      return;
    }
    out_.push_back(Token{Tok::String, s_.substr(start, i_ - start), 0, p});
    ++i_;
  }

  void punct(Pos p, char c) {
    std::size_t start = i_;
    char next = i_ + 1 < s_.size() ? s_[i_ + 1] : '\0';
    auto two = [&](Tok k) {
      i_ += 2;
      emit(k, start, p);
    };
    auto one = [&](Tok k) {
      i_ += 1;
      emit(k, start, p);
    };
    switch (c) {
      case '(':
        return one(Tok::LParen);
      case ')':
        return one(Tok::RParen);
      case ',':
        return one(Tok::Comma);
      case '.':
        return one(Tok::Dot);
      case '+':
        return one(Tok::Plus);
      case '-':
        return one(Tok::Minus);
      case '*':
        return one(Tok::Star);
      case '/':
        return one(Tok::Slash);
      case '%':
        return one(Tok::Percent);
      case '<':
        return next == '=' ? two(Tok::Le) : one(Tok::Lt);
      case '>':
        return next == '=' ? two(Tok::Ge) : one(Tok::Gt);
      case '=':
        if (next == '=') return two(Tok::Eq);
        ++i_;
        return error(p, "'=' is not an operator; use '==' to compare");
      case '!':
        if (next == '=') return two(Tok::Ne);
        ++i_;
        return error(p, "'!' is not an operator; use 'not'");
      case '&':
        i_ += next == '&' ? 2 : 1;
        return error(p, "'&' is not an operator; use 'and'");
      case '|':
        i_ += next == '|' ? 2 : 1;
        return error(p, "'|' is not an operator; use 'or'");
      default:
        break;
    }
    ++i_;
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return error(p, "unexpected character '" + std::string(1, c) + "'");
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", u);
    error(p, std::string("unexpected byte ") + hex + " (only ASCII is allowed)");
  }

  std::string_view s_;
  const SourceLocation& origin_;
  Diagnostics& diags_;
  std::vector<Token>& out_;
  std::size_t i_ = 0;
  std::size_t line_start_ = 0;
  int line_ = 1;
  std::size_t errors_ = 0;
};

}  // namespace

bool tokenize(std::string_view text, const SourceLocation& origin, Diagnostics& diags,
              std::vector<Token>& out) {
  out.clear();
  return Lexer(text, origin, diags, out).run();
}

}  // namespace solver::rules::expr
