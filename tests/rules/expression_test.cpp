#include "rules/expression.h"

#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "rules/expr_lexer.h"

using namespace solver::rules;

namespace {

// Slots of the test resolver; names are bound to these at parse time.
const std::map<std::string, Symbol, std::less<>> kNames = {
    {"dram_frac", {0, ValueType::Number}}, {"sm_frac", {1, ValueType::Number}},
    {"dtype", {2, ValueType::String}},     {"is_tc", {3, ValueType::Bool}},
    {"chip.tf32", {4, ValueType::Bool}},   {"a", {5, ValueType::Number}},
    {"b", {6, ValueType::Number}},         {"c", {7, ValueType::Number}},
    {"x", {8, ValueType::Number}},         {"y", {9, ValueType::Number}},
    {"p", {10, ValueType::Bool}},          {"q", {11, ValueType::Bool}},
};
constexpr int kSlots = 12;

std::optional<Symbol> resolve(std::string_view name) {
  auto it = kNames.find(name);
  if (it == kNames.end()) return std::nullopt;
  return it->second;
}

const SourceLocation kOrigin{"r.yaml", 10, 9};

Expression parse_ok(std::string_view text, std::optional<ValueType> expect = std::nullopt) {
  Diagnostics d;
  auto e = Expression::parse(text, kOrigin, resolve, d, expect);
  INFO(text);
  for (const auto& item : d.items()) INFO(item.to_string());
  REQUIRE(d.empty());
  REQUIRE(e.has_value());
  return *e;
}

// Parses text that must fail; returns "line:col: message" lines.
std::vector<std::string> errors_of(std::string_view text,
                                   std::optional<ValueType> expect = std::nullopt) {
  Diagnostics d;
  auto e = Expression::parse(text, SourceLocation{"", 0, 0}, resolve, d, expect);
  CHECK_FALSE(e.has_value());
  std::vector<std::string> out;
  for (const auto& item : d.items()) {
    out.push_back(item.where.to_string() + ": " + item.message);
  }
  return out;
}

struct Slots {
  std::vector<Value> v = std::vector<Value>(kSlots);
  Slots& set(std::string_view name, Value value) {
    v[static_cast<std::size_t>(kNames.find(name)->second.slot)] = std::move(value);
    return *this;
  }
};

Value eval(std::string_view text, const Slots& s = {}) { return parse_ok(text).evaluate(s.v); }
double num(std::string_view text, const Slots& s = {}) {
  Value v = eval(text, s);
  REQUIRE(std::holds_alternative<double>(v));
  return std::get<double>(v);
}

}  // namespace

TEST_CASE("tokenizer: every token kind with its column") {
  using expr::Tok;
  Diagnostics d;
  std::vector<expr::Token> t;
  REQUIRE(expr::tokenize("a.b(1.5e-3, 'x', \"y\") + - * / % < <= > >= == != and or not true false",
                         {}, d, t));
  std::vector<Tok> kinds;
  for (const auto& tok : t) kinds.push_back(tok.kind);
  std::vector<Tok> want = {
      Tok::Name,    Tok::Dot,    Tok::Name,   Tok::LParen, Tok::Number, Tok::Comma, Tok::String,
      Tok::Comma,   Tok::String, Tok::RParen, Tok::Plus,   Tok::Minus,  Tok::Star,  Tok::Slash,
      Tok::Percent, Tok::Lt,     Tok::Le,     Tok::Gt,     Tok::Ge,     Tok::Eq,    Tok::Ne,
      Tok::And,     Tok::Or,     Tok::Not,    Tok::True,   Tok::False,  Tok::End};
  CHECK(kinds == want);
  CHECK(t[4].number == doctest::Approx(1.5e-3));
  CHECK(t[4].pos.column == 5);
  CHECK(t[6].text == "x");
  CHECK(t[6].pos.column == 13);  // at the opening quote
  CHECK(t[8].text == "y");
  CHECK(t[16].text == "<=");
  CHECK(t[16].pos.column == 35);

  REQUIRE(expr::tokenize("1\n  + x", {}, d, t));
  CHECK(t[1].pos.line == 2);
  CHECK(t[1].pos.column == 3);
  CHECK(expr::tokenize(".5 + 2. + 1E+2", {}, d, t));
  CHECK(t[0].number == 0.5);
  CHECK(t[2].number == 2.0);
  CHECK(t[4].number == 100.0);
  CHECK(d.empty());
}

TEST_CASE("tokenizer: bad characters, numbers and strings are all reported, located") {
  CHECK(errors_of("a = 1 @ 'abc") ==
        std::vector<std::string>{"1:3: '=' is not an operator; use '==' to compare",
                                 "1:7: unexpected character '@'",
                                 "1:9: unterminated string (no closing ')"});
  CHECK(errors_of("3abc + 1e + 1.2.3") ==
        std::vector<std::string>{"1:1: malformed number '3abc'", "1:8: malformed number '1e'",
                                 "1:13: malformed number '1.2.3'"});
  CHECK(errors_of("p && q || !p") ==
        std::vector<std::string>{"1:3: '&' is not an operator; use 'and'",
                                 "1:8: '|' is not an operator; use 'or'",
                                 "1:11: '!' is not an operator; use 'not'"});
  CHECK(errors_of("1e999") == std::vector<std::string>{"1:1: number '1e999' is out of range"});
  CHECK(errors_of("x > \xc3\xa9") ==
        std::vector<std::string>{"1:5: unexpected byte 0xc3 (only ASCII is allowed)",
                                 "1:6: unexpected byte 0xa9 (only ASCII is allowed)"});
}

TEST_CASE("errors are located in the file: origin + column - 1") {
  Diagnostics d;
  CHECK_FALSE(Expression::parse("dram_frac > nope", kOrigin, resolve, d));
  REQUIRE(d.size() == 1);
  CHECK(d.items()[0].to_string() == "r.yaml:10:21: error: unknown name 'nope'");
  Diagnostics d2;  // a later line of a block scalar keeps the block's indentation
  CHECK_FALSE(Expression::parse("dram_frac > 1 and\nnope", kOrigin, resolve, d2));
  CHECK(d2.items().at(0).where.to_string() == "r.yaml:11:9");
}

TEST_CASE("parser: precedence and associativity") {
  CHECK(parse_ok("p or q and is_tc").canonical() == "(p or (q and is_tc))");
  CHECK(parse_ok("not a < b").canonical() == "(not (a < b))");
  CHECK(parse_ok("-x*y").canonical() == "((-x) * y)");
  CHECK(parse_ok("1+2*3").canonical() == "(1 + (2 * 3))");
  CHECK(parse_ok("(1+2)*3").canonical() == "((1 + 2) * 3)");
  CHECK(parse_ok("a - b - c").canonical() == "((a - b) - c)");
  CHECK(parse_ok("a / b % c").canonical() == "((a / b) % c)");
  CHECK(parse_ok("not not p").canonical() == "(not (not p))");
  CHECK(parse_ok("x > -0.5").canonical() == "(x > -0.5)");  // negative literal folds
  CHECK(parse_ok("- - x").canonical() == "(-(-x))");
  CHECK(parse_ok("chip.tf32 and dtype == 'fp32'").canonical() ==
        "(chip.tf32 and (dtype == \"fp32\"))");
  CHECK(parse_ok("max(a, b, c) + min(1,2)").canonical() == "(max(a, b, c) + min(1, 2))");
  CHECK(parse_ok("a + b < c or p").canonical() == "(((a + b) < c) or p)");
  // canonical text parses back to itself
  std::string c = parse_ok("not p and -x*y+2 >= ceil_div(a, 3) or dtype != \"bf16\"").canonical();
  CHECK(parse_ok(c).canonical() == c);
}

TEST_CASE("parser: syntax errors") {
  CHECK(errors_of("a < b < c") ==
        std::vector<std::string>{"1:7: comparisons cannot be chained (write 'a < b and b < c')"});
  CHECK(errors_of("") == std::vector<std::string>{"1:1: empty expression"});
  CHECK(errors_of("(a + b") ==
        std::vector<std::string>{
            "1:7: expected ')' to close '(' at column 1, got end of expression"});
  CHECK(errors_of("a b") ==
        std::vector<std::string>{
            "1:3: unexpected name 'b' after a complete expression (missing an operator?)"});
  CHECK(errors_of("a + * b") == std::vector<std::string>{"1:5: expected a value, got '*'"});
  CHECK(errors_of("50% > dram_frac") ==
        std::vector<std::string>{"1:3: percentages are not supported (write 0.5, not 50%); '%' is "
                                 "the remainder operator"});
  CHECK(errors_of("chip.") ==
        std::vector<std::string>{"1:6: expected a name after '.', got end of expression"});
  CHECK(errors_of("chip.tf32(1)") ==
        std::vector<std::string>{"1:10: 'chip.tf32' is not a function"});
  CHECK(
      errors_of("min(a b)") ==
      std::vector<std::string>{"1:7: expected ',' or ')' in the arguments of 'min', got name 'b'"});
  CHECK(errors_of("a + not p") == std::vector<std::string>{"1:5: expected a value, got 'not'"});
}

TEST_CASE("names, functions and arity are checked; all such errors reported") {
  CHECK(errors_of("foo > 1 and bar(2) and abs(1, 2) and min(1) and dram_fracc < 2") ==
        std::vector<std::string>{"1:1: unknown name 'foo'",
                                 "1:13: unknown function 'bar' (known: min, max, abs, ceil_div, "
                                 "floor, ceil, log2, is_pow2, given)",
                                 "1:24: function 'abs' takes 1 argument, got 2",
                                 "1:38: function 'min' takes at least 2 arguments, got 1",
                                 "1:49: unknown name 'dram_fracc'"});
}

TEST_CASE("type errors point at the offending operand; all of them in one pass") {
  CHECK(errors_of("dram_frac and 3") ==
        std::vector<std::string>{"1:1: 'and' needs a bool, but 'dram_frac' is a number",
                                 "1:15: 'and' needs a bool, but '3' is a number"});
  CHECK(errors_of("dtype < 2") ==
        std::vector<std::string>{"1:1: '<' needs a number, but 'dtype' is a string (strings can "
                                 "only be compared with == and !=)"});
  CHECK(errors_of("dtype == 2") ==
        std::vector<std::string>{
            "1:7: cannot compare a string with a number using '==' ('dtype' == '2')"});
  CHECK(errors_of("not 3") ==
        std::vector<std::string>{"1:5: 'not' needs a bool, but '3' is a number"});
  CHECK(errors_of("-p") ==
        std::vector<std::string>{"1:2: unary '-' needs a number, but 'p' is a bool"});
  CHECK(errors_of("min(dtype, p)") ==
        std::vector<std::string>{
            "1:5: argument 1 of 'min' needs a number, but 'dtype' is a string (strings can only be "
            "compared with == and !=)",
            "1:12: argument 2 of 'min' needs a number, but 'p' is a bool"});
  // An operand in parentheses is located at its '('.
  CHECK(errors_of("p and (a + b)") ==
        std::vector<std::string>{"1:7: 'and' needs a bool, but '(a + b)' is a number"});
  // Several independent errors, and no cascade from an unknown name.
  CHECK(errors_of("nope + 1 > 2 and dtype > 1 or not x") ==
        std::vector<std::string>{
            "1:1: unknown name 'nope'",
            "1:18: '>' needs a number, but 'dtype' is a string (strings can only be compared with "
            "== and !=)",
            "1:35: 'not' needs a bool, but 'x' is a number"});
  CHECK(errors_of("dram_frac + 1", ValueType::Bool) ==
        std::vector<std::string>{
            "1:1: expected a bool (true/false) expression, but '(dram_frac + 1)' is a number"});
}

TEST_CASE("string operand in arithmetic is a type error at the string") {
  auto e = errors_of("\"a\" + 1");
  REQUIRE(e.size() == 1);
  CHECK(e[0].rfind("1:1: '+' needs a number, but '\"a\"' is a string", 0) == 0);
}

TEST_CASE("static types") {
  CHECK(parse_ok("a + 1").type() == ValueType::Number);
  CHECK(parse_ok("a < 1").type() == ValueType::Bool);
  CHECK(parse_ok("dtype").type() == ValueType::String);
  CHECK(parse_ok("is_pow2(a)").type() == ValueType::Bool);
  CHECK(parse_ok("p == q").type() == ValueType::Bool);
  CHECK(parse_ok("dtype != 'fp16'").type() == ValueType::Bool);
}

TEST_CASE("evaluator: arithmetic, comparisons, functions") {
  CHECK(num("1 + 2 * 3") == 7);
  CHECK(num("(1 + 2) * 3") == 9);
  CHECK(num("7 % 3") == 1);
  CHECK(num("-7 % 3") == -1);  // fmod: sign of the dividend
  CHECK(num("10 / 4") == 2.5);
  CHECK(num("-x * y", Slots().set("x", 2.0).set("y", 3.0)) == -6);
  CHECK(num("min(3, 1, 2)") == 1);
  CHECK(num("max(3, 1, 2)") == 3);
  CHECK(num("abs(-2.5)") == 2.5);
  CHECK(num("ceil_div(10, 4)") == 3);
  CHECK(num("ceil_div(8, 4)") == 2);
  CHECK(num("floor(2.7)") == 2);
  CHECK(num("ceil(2.1)") == 3);
  CHECK(num("log2(1024)") == 10);
  CHECK(eval("is_pow2(64)") == Value{true});
  CHECK(eval("is_pow2(96)") == Value{false});
  CHECK(eval("is_pow2(0.5)") == Value{false});
  CHECK(eval("is_pow2(1)") == Value{true});
  CHECK(eval("1 < 2") == Value{true});
  CHECK(eval("2 <= 2") == Value{true});
  CHECK(eval("2 > 2") == Value{false});
  CHECK(eval("3 >= 2") == Value{true});
  CHECK(eval("2 == 2.0") == Value{true});
  CHECK(eval("'a' != \"a\"") == Value{false});
  CHECK(eval("true == false") == Value{false});
  CHECK(eval("dtype", Slots().set("dtype", std::string("bf16"))) == Value{std::string("bf16")});
  Slots s;
  s.set("dram_frac", 0.8).set("dtype", std::string("fp32")).set("chip.tf32", true);
  Expression rule = parse_ok("dram_frac > 0.6 and dtype == 'fp32' and chip.tf32");
  CHECK(rule.evaluate_bool(s.v));
  s.set("dtype", std::string("fp16"));
  CHECK_FALSE(rule.evaluate_bool(s.v));
}

TEST_CASE("evaluator: missing values and short-circuit") {
  const Slots none;  // every slot missing
  Slots pt = Slots().set("p", true);
  Slots pf = Slots().set("p", false);
  CHECK(is_missing(eval("p and q", pt)));
  CHECK(eval("p and q", pf) == Value{false});
  CHECK(eval("q and p", pf) == Value{false});  // false and missing, either side
  CHECK(eval("p or q", pt) == Value{true});
  CHECK(eval("q or p", pt) == Value{true});
  CHECK(is_missing(eval("p or q", pf)));
  CHECK(is_missing(eval("not p", none)));
  CHECK(is_missing(eval("x + 1", none)));
  CHECK(is_missing(eval("x < 1", none)));
  CHECK(is_missing(eval("dtype == 'fp32'", none)));
  CHECK(is_missing(eval("min(x, 1)", none)));
  CHECK(is_missing(eval("-x", none)));
  // A rule over a missing signal does not match, whichever way it is phrased.
  CHECK_FALSE(parse_ok("x < 1").evaluate_bool(none.v));
  CHECK_FALSE(parse_ok("not (x < 1)").evaluate_bool(none.v));
  // Wrong type in a slot, or a slot past the span, reads as missing.
  CHECK(is_missing(eval("x + 1", Slots().set("x", std::string("oops")))));
  std::vector<Value> short_span(2);
  CHECK(is_missing(parse_ok("y + 1").evaluate(short_span)));
  CHECK(is_missing(eval("x + 1", Slots().set("x", std::nan("")))));
}

TEST_CASE("evaluator: no inf or nan comes out") {
  CHECK(is_missing(eval("1 / 0")));
  CHECK(is_missing(eval("1 / (a - a)", Slots().set("a", 3.0))));
  CHECK(is_missing(eval("5 % 0")));
  CHECK(is_missing(eval("ceil_div(5, 0)")));
  CHECK(is_missing(eval("log2(0)")));
  CHECK(is_missing(eval("log2(-1)")));
  CHECK(is_missing(eval("1e308 * 10")));
  CHECK(eval("1 / 0 > 1 or true") == Value{true});
}

TEST_CASE("depth and length limits") {
  std::string deep(100, '(');
  deep += "1" + std::string(100, ')');
  auto e = errors_of(deep);
  REQUIRE(e.size() == 1);
  CHECK(e[0] == "1:65: expression nested too deeply (more than 64 levels)");
  std::string ok_deep = std::string(64, '(') + "1" + std::string(64, ')');
  CHECK(num(ok_deep) == 1);
  std::string negs(200, '-');
  CHECK(errors_of(negs + "x").size() == 1);
  std::string nots;
  for (int i = 0; i < 200; ++i) nots += "not ";
  CHECK(errors_of(nots + "p").size() == 1);
  std::string calls;
  for (int i = 0; i < 100; ++i) calls += "abs(";
  CHECK(errors_of(calls + "1" + std::string(100, ')')).size() == 1);
  std::string longest(5000, ' ');
  longest[0] = '1';
  CHECK(errors_of(longest) ==
        std::vector<std::string>{"1:1: expression too long (5000 characters; the limit is 4096)"});
  // A long flat chain is fine (it does not nest).
  std::string chain = "1";
  for (int i = 0; i < 1000; ++i) chain += "+1";
  CHECK(num(chain) == 1001);
  // Errors per expression are capped.
  std::string many;
  for (int i = 0; i < 100; ++i) many += "@";
  CHECK(errors_of(many).size() == expr::kMaxErrorsPerExpression);
}

TEST_CASE("names() lists distinct names in order of appearance") {
  CHECK(parse_ok("b + a * b > c and chip.tf32").names() ==
        std::vector<std::string>{"b", "a", "c", "chip.tf32"});
  CHECK(parse_ok("1 + 2").names().empty());
}

TEST_CASE("copies are deep and independent") {
  std::optional<Expression> original = parse_ok("dtype == 'fp32' and x > 2");
  Expression copy = *original;
  Expression assigned = parse_ok("1");
  assigned = copy;
  original.reset();  // the copies must not point into the destroyed tree
  Slots s = Slots().set("dtype", std::string("fp32")).set("x", 3.0);
  CHECK(copy.evaluate_bool(s.v));
  CHECK(assigned.evaluate_bool(s.v));
  CHECK(copy.canonical() == "((dtype == \"fp32\") and (x > 2))");
  CHECK(&copy.root() != &assigned.root());
  CHECK(copy.text() == "dtype == 'fp32' and x > 2");
  Expression moved = std::move(copy);
  CHECK(moved.evaluate_bool(s.v));
}

TEST_CASE("tree positions: begin and operator columns") {
  Expression e = parse_ok("(a + b) * c");
  const ExprNode& root = e.root();
  CHECK(root.op == "*");
  CHECK(root.column == 9);
  CHECK(root.begin_column == 1);
  CHECK(root.children[0]->begin_column == 1);
  CHECK(root.children[0]->column == 4);
  CHECK(root.children[1]->column == 11);
}
