// Tokenizer of the expression language (see rules/expression.h for the grammar). Internal to
// rules/: the parser is its only user, tests exercise it directly.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "rules/diagnostics.h"

namespace solver::rules::expr {

enum class Tok {
  Number,
  String,
  Name,
  True,
  False,
  And,
  Or,
  Not,
  LParen,
  RParen,
  Comma,
  Dot,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
  End,
};
const char* to_string(Tok t);  // "number", "'<='", "end of expression", ...

// Positions are within the expression text: line 1-based (text from a YAML block scalar may
// span lines), column 1-based within that line.
struct Pos {
  int line = 1;
  int column = 1;
};

struct Token {
  Tok kind = Tok::End;
  std::string_view text;  // the source characters (a string literal without its quotes)
  double number = 0;
  Pos pos;
};

// Expressions longer than this are refused outright: a rule or a shape formula is a line.
inline constexpr std::size_t kMaxExpressionLength = 4096;
// Further errors in one expression are dropped past this many (hostile input stays short).
inline constexpr std::size_t kMaxErrorsPerExpression = 20;

// Maps a position within the expression to the file (see Expression::parse's `origin`).
SourceLocation locate(const SourceLocation& origin, Pos p);

// Tokenizes `text`; the result always ends with an End token. Every bad character, bad
// number and unterminated string is reported; returns false if there was any.
bool tokenize(std::string_view text, const SourceLocation& origin, Diagnostics& diags,
              std::vector<Token>& out);

}  // namespace solver::rules::expr
