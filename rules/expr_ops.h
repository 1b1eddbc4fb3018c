// The expression language's operators, defined once: their codes, how source text maps to them,
// and what each computes on numbers (missing = NaN), three-valued bools and graded degrees.
// Expression's own evaluator (expr_eval.cpp) and the matcher's compiled rule program
// (rule_program.cpp) both evaluate through these functions, so the two cannot drift apart:
// every value they compute is the same, bit for bit (tests/rules/rule_program_test.cpp).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>

namespace solver::rules::ops {

enum Op : std::uint8_t {
  // numbers: leaves
  kNum,      // a literal
  kSlotNum,  // a number slot
  // numbers: one operand
  kNeg,
  kAbs,
  kFloor,
  kCeil,
  kLog2,
  // numbers: two operands (kGiven reads its second only when the first is missing)
  kGiven,
  kAdd,
  kSub,
  kMul,
  kDiv,
  kMod,
  kCeilDiv,
  kMin,
  kMax,
  // bools
  kBool,      // a literal (0, 1, or NaN for unknown)
  kSlotBool,  // a bool slot
  kNot,
  kAnd,
  kOr,
  kLt,
  kLe,
  kGt,
  kGe,
  kEq,
  kNe,
  kIsPow2,
  // strings
  kStr,
  kSlotStr,
};

constexpr bool is_number_op(std::uint8_t op) { return op <= kMax; }
constexpr bool is_unary_number_op(std::uint8_t op) { return op >= kNeg && op <= kLog2; }
constexpr bool is_ordering(std::uint8_t op) { return op >= kLt && op <= kGe; }

// Binary operators and function names of the source text. Unknown text never reaches these for
// a parsed, checked tree; they answer kAdd / kAbs then.
inline Op binary_op(std::string_view text) {
  static constexpr struct {
    std::string_view text;
    Op op;
  } kOps[] = {
      {"and", kAnd}, {"or", kOr}, {"+", kAdd}, {"-", kSub}, {"*", kMul}, {"/", kDiv}, {"%", kMod},
      {"<", kLt},    {"<=", kLe}, {">", kGt},  {">=", kGe}, {"==", kEq}, {"!=", kNe},
  };
  for (const auto& o : kOps)
    if (text == o.text) return o.op;
  return kAdd;
}

inline Op call_op(std::string_view name) {
  static constexpr struct {
    std::string_view text;
    Op op;
  } kCalls[] = {
      {"min", kMin},          {"max", kMax},        {"abs", kAbs},
      {"ceil_div", kCeilDiv}, {"floor", kFloor},    {"ceil", kCeil},
      {"log2", kLog2},        {"is_pow2", kIsPow2}, {"given", kGiven},
  };
  for (const auto& c : kCalls)
    if (name == c.text) return c.op;
  return kAbs;
}

// Static types make a tagged value unnecessary: a number is a double with NaN for missing (NaN
// propagates through arithmetic for free), a bool a tri-state.
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// The smallest threshold magnitude a soft comparison scales its margin by (docs/rules.md,
// "Graded evidence").
constexpr double kSoftFloor = 1e-9;
enum Tri : std::uint8_t { kFalse = 0, kTrue = 1, kUnknown = 2 };

inline double finite_or_missing(double d) { return std::isfinite(d) ? d : kNaN; }
inline Tri tri(bool b) { return b ? kTrue : kFalse; }
inline Tri flip(Tri t) { return t == kUnknown ? kUnknown : tri(t == kFalse); }

inline bool is_pow2(double x) {
  if (!(x >= 1) || x != std::floor(x)) return false;
  int e = 0;
  return std::frexp(x, &e) == 0.5;
}

// kNeg .. kLog2 of x. Arithmetic never yields inf or NaN from finite operands except as
// "missing": log2 of a value <= 0 is missing (NaN > 0 is false, so missing stays missing).
inline double unary(std::uint8_t op, double x) {
  switch (op) {
    case kNeg:
      return -x;
    case kAbs:
      return std::fabs(x);
    case kFloor:
      return std::floor(x);
    case kCeil:
      return std::ceil(x);
    case kLog2:
      return x > 0 ? std::log2(x) : kNaN;
    default:
      return kNaN;
  }
}

// kAdd .. kMax of x and y: division or remainder by zero, ceil_div by zero and overflow give
// missing; min and max of a missing operand are missing.
inline double binary(std::uint8_t op, double x, double y) {
  switch (op) {
    case kAdd:
      return finite_or_missing(x + y);
    case kSub:
      return finite_or_missing(x - y);
    case kMul:
      return finite_or_missing(x * y);
    case kDiv:
      return y == 0 ? kNaN : finite_or_missing(x / y);
    case kMod:
      return y == 0 ? kNaN : std::fmod(x, y);
    case kCeilDiv:
      return y == 0 ? kNaN : finite_or_missing(std::ceil(x / y));
    case kMin:
      return std::isnan(x) || std::isnan(y) ? kNaN : (y < x ? y : x);
    case kMax:
      return std::isnan(x) || std::isnan(y) ? kNaN : (y > x ? y : x);
    default:
      return kNaN;
  }
}

// An ordering (kLt .. kGe) of two numbers that are not missing.
inline bool order_holds(std::uint8_t op, double x, double y) {
  return op == kLt ? x < y : op == kLe ? x <= y : op == kGt ? x > y : x >= y;
}
// An ordering three-valued: unknown when an operand is missing.
inline Tri compare(std::uint8_t op, double x, double y) {
  if (std::isnan(x) || std::isnan(y)) return kUnknown;
  return tri(order_holds(op, x, y));
}
// `not (x op y)` as an ordering: < becomes >=, <= becomes >, and so on.
inline std::uint8_t negated_order(std::uint8_t op) {
  return op == kLt ? kGe : op == kLe ? kGt : op == kGt ? kLe : kLt;
}

// The degree of `x op k` in [0, 1] for operands that are not missing, the operator already
// turned by any `not` (docs/rules.md, "Graded evidence"): 1 when it holds; a miss grades
// 1 - miss / scale with scale = margin x max(|k|, kSoftFloor), floored at 0; a strict
// comparison missed by exactly 0 (x == k for x > k) grades just below 1. A threshold of 0
// (`smem_per_block > 0`) is a presence test: crisp.
[[gnu::always_inline]] inline double soft_compare(std::uint8_t op, double x, double k,
                                                  double margin) {
  if (order_holds(op, x, k)) return 1.0;
  if (std::fabs(k) < 1e-12) return 0.0;
  double scale = margin * std::max(std::fabs(k), kSoftFloor);
  double miss = std::fabs(x - k);
  // A miss by the whole margin or more grades 0 (miss / scale >= 1 then, exactly): the division,
  // the slowest step here, only for a near miss.
  if (miss >= scale) return 0.0;
  double d = scale > 0 ? 1.0 - miss / scale : 0.0;
  return d > 0 ? (d < 1 ? d : 0.999) : 0.0;
}

// An ordering's degree where an operand may be missing (then NaN), under `negate` nots.
inline double soft_order(std::uint8_t op, bool negate, double x, double y, double margin) {
  if (std::isnan(x) || std::isnan(y)) return kNaN;
  return soft_compare(negate ? negated_order(op) : op, x, y, margin);
}
// A crisp operand's degree (a bool, an equality): 1 or 0, turned by `negate`; NaN when unknown.
inline double crisp_degree(Tri t, bool negate) {
  if (t == kUnknown) return kNaN;
  return (t == kTrue) != negate ? 1.0 : 0.0;
}

}  // namespace solver::rules::ops
