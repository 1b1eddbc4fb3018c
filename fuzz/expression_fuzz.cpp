// libFuzzer target: arbitrary bytes through the expression parser. Every input must either
// parse or produce located diagnostics, never crash, hang or recurse without bound; every
// successful parse is evaluated over a few slot sets and checked against invariants that
// would catch a wrong tree, a dangling view, a type confusion or a compiled program that
// disagrees with a naive reference evaluator (a violation aborts: libFuzzer reports it).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "rules/expression.h"

using namespace solver::rules;

namespace {

std::optional<Symbol> resolve(std::string_view name) {
  if (name == "x") return Symbol{0, ValueType::Number};
  if (name == "y") return Symbol{1, ValueType::Number};
  if (name == "dram_frac") return Symbol{2, ValueType::Number};
  if (name == "dtype") return Symbol{3, ValueType::String};
  if (name == "p") return Symbol{4, ValueType::Bool};
  if (name == "chip.tf32") return Symbol{5, ValueType::Bool};
  if (name == "far") return Symbol{99, ValueType::Number};  // past every span: reads missing
  return std::nullopt;
}

[[noreturn]] void violated(const char* what, std::string_view text) {
  std::fprintf(stderr, "invariant violated: %s\ninput: %.*s\n", what, static_cast<int>(text.size()),
               text.data());
  std::abort();
}

bool matches_type(const Value& v, ValueType t) {
  switch (t) {
    case ValueType::Number:
      return std::holds_alternative<double>(v);
    case ValueType::Bool:
      return std::holds_alternative<bool>(v);
    case ValueType::String:
      return std::holds_alternative<std::string>(v);
  }
  return false;
}

// A deliberately naive evaluator over the tree, written from docs/expressions.md and
// independent of the compiled form evaluate() runs: the two must agree on every input.
Value reference(const ExprNode& n, std::span<const Value> slots) {
  using K = ExprNode::Kind;
  auto fin = [](double d) -> Value { return std::isfinite(d) ? Value{d} : Value{}; };
  switch (n.kind) {
    case K::Number:
      return n.number;
    case K::Bool:
      return n.boolean;
    case K::String:
      return n.text;
    case K::Name: {
      if (n.symbol.slot < 0 || static_cast<std::size_t>(n.symbol.slot) >= slots.size()) return {};
      const Value& v = slots[static_cast<std::size_t>(n.symbol.slot)];
      if (!matches_type(v, n.symbol.type)) return {};
      if (const double* d = std::get_if<double>(&v)) return fin(*d);
      return v;
    }
    case K::Unary: {
      Value a = reference(*n.children[0], slots);
      if (is_missing(a)) return {};
      if (n.op == "not") return !std::get<bool>(a);
      return -std::get<double>(a);
    }
    case K::Binary: {
      if (n.op == "and" || n.op == "or") {
        Value decides = Value{n.op == "or"};
        Value a = reference(*n.children[0], slots);
        if (a == decides) return a;
        Value b = reference(*n.children[1], slots);
        if (b == decides) return b;
        if (is_missing(a) || is_missing(b)) return {};
        return Value{n.op == "and"};
      }
      Value a = reference(*n.children[0], slots);
      Value b = reference(*n.children[1], slots);
      if (is_missing(a) || is_missing(b)) return {};
      if (n.op == "==") return a == b;
      if (n.op == "!=") return a != b;
      double x = std::get<double>(a), y = std::get<double>(b);
      if (n.op == "<") return x < y;
      if (n.op == "<=") return x <= y;
      if (n.op == ">") return x > y;
      if (n.op == ">=") return x >= y;
      if (n.op == "+") return fin(x + y);
      if (n.op == "-") return fin(x - y);
      if (n.op == "*") return fin(x * y);
      if (n.op == "/") return y == 0 ? Value{} : fin(x / y);
      if (n.op == "%") return y == 0 ? Value{} : fin(std::fmod(x, y));
      return {};
    }
    case K::Call: {
      std::vector<double> args;
      for (const auto& c : n.children) {
        Value v = reference(*c, slots);
        if (is_missing(v)) return {};
        args.push_back(std::get<double>(v));
      }
      double x = args[0];
      if (n.op == "min" || n.op == "max") {
        for (double y : args) x = n.op == "min" ? std::min(x, y) : std::max(x, y);
        return x;
      }
      if (n.op == "abs") return std::fabs(x);
      if (n.op == "floor") return std::floor(x);
      if (n.op == "ceil") return std::ceil(x);
      if (n.op == "log2") return x > 0 ? fin(std::log2(x)) : Value{};
      if (n.op == "ceil_div") return args[1] == 0 ? Value{} : fin(std::ceil(x / args[1]));
      if (n.op == "is_pow2") {
        if (x < 1 || x != std::floor(x)) return false;
        while (x > 1 && x == std::floor(x / 2) * 2) x /= 2;
        return x == 1;
      }
      return {};
    }
  }
  return {};
}

std::vector<std::vector<Value>> slot_sets() {
  std::vector<std::vector<Value>> sets;
  sets.push_back(std::vector<Value>(6));  // all missing
  sets.push_back({0.0, -1.5, 0.75, std::string("fp32"), true, false});
  sets.push_back({1e308, 1024.0, 1e-300, std::string(""), false, true});
  sets.push_back({std::string("wrong type"), true, 3.0, 2.0, 1.0, std::string("x")});
  return sets;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::vector<std::vector<Value>> kSets = slot_sets();
  std::string_view text(reinterpret_cast<const char*>(data), size);
  Diagnostics diags;
  std::optional<Expression> e =
      Expression::parse(text, SourceLocation{"fuzz", 1, 1}, resolve, diags);
  if (!e) {
    if (diags.empty()) violated("parse failed without a diagnostic", text);
    for (const auto& d : diags.items()) {
      if (d.where.line < 1 || d.where.column < 1) violated("unlocated diagnostic", text);
    }
    return 0;
  }
  if (!diags.empty()) violated("parse succeeded with diagnostics", text);

  Expression copy = *e;
  std::string canon = e->canonical();
  Diagnostics diags2;
  std::optional<Expression> again = Expression::parse(canon, SourceLocation{}, resolve, diags2);
  // Canonical text adds a '(' per operator, so a long flat chain may exceed the nesting or
  // length limit; any other failure to read it back is a bug.
  if (again && again->canonical() != canon) violated("canonical() is not a fixed point", text);
  if (!again) {
    bool limit =
        diags2.size() == 1 && (diags2.items()[0].message.find("too deeply") != std::string::npos ||
                               diags2.items()[0].message.find("too long") != std::string::npos);
    if (!limit) violated("canonical() does not parse back", text);
  }
  for (const auto& slots : kSets) {
    Value v = e->evaluate(slots);
    if (!is_missing(v) && !matches_type(v, e->type())) violated("result of the wrong type", text);
    if (const double* d = std::get_if<double>(&v); d && !std::isfinite(*d)) {
      violated("non-finite number", text);
    }
    if (copy.evaluate(slots) != v) violated("copy evaluates differently", text);
    if (reference(e->root(), slots) != v) violated("differs from the reference evaluator", text);
    if (again && again->evaluate(slots) != v)
      violated("canonical form evaluates differently", text);
    bool b = e->evaluate_bool(slots);
    if (b != (v == Value{true})) violated("evaluate_bool disagrees with evaluate", text);
  }
  (void)e->names();
  return 0;
}
