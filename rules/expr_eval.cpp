// Evaluation: the checked tree is flattened into a compact program once (compile), and
// evaluate() walks that with one function per static type. Strings are views into slots or
// literals, so nothing allocates (except a string result handed back as a Value): this is
// the matcher's hot path (>1M signal sets per second with ~20 rules).
#include <algorithm>
#include <cmath>
#include <limits>

#include "rules/expr_ops.h"
#include "rules/expr_parser.h"

namespace solver::rules {

namespace {

using namespace ops;  // the operator table (expr_ops.h), shared with the compiled rule program

struct Str {
  std::string_view s;
  bool present = false;
};

class Machine {
 public:
  Machine(const std::vector<expr::Instr>& code, std::span<const Value> slots)
      : code_(code.data()), slots_(slots) {}

  double num(int i) const {
    const expr::Instr& in = code_[i];
    switch (in.op) {
      case kNum:
        return in.number;
      case kSlotNum:
      case kSlotBool:
      case kSlotStr: {
        const Value* v = slot(in);
        const double* d = v ? std::get_if<double>(v) : nullptr;
        return d ? finite_or_missing(*d) : kNaN;
      }
      case kNeg:
      case kAbs:
      case kFloor:
      case kCeil:
      case kLog2:
        return unary(static_cast<std::uint8_t>(in.op), num(in.lhs));
      case kGiven: {
        double x = num(in.lhs);
        return std::isnan(x) ? num(in.rhs) : x;
      }
      default:
        break;
    }
    double x = left(in);
    double y = right(in);
    return binary(static_cast<std::uint8_t>(in.op), x, y);
  }

  Tri boolean(int i) const {
    const expr::Instr& in = code_[i];
    switch (in.op) {
      case kBool:
        return tri(in.number != 0);
      case kSlotNum:
      case kSlotBool:
      case kSlotStr: {
        const Value* v = slot(in);
        const bool* b = v ? std::get_if<bool>(v) : nullptr;
        return b ? tri(*b) : kUnknown;
      }
      case kNot:
        return flip(boolean(in.lhs));
      case kAnd:
      case kOr: {
        // false dominates 'and' and true dominates 'or', even over missing.
        Tri dominant = in.op == kOr ? kTrue : kFalse;
        Tri a = boolean(in.lhs);
        if (a == dominant) return a;
        Tri b = boolean(in.rhs);
        if (b == dominant) return b;
        return a == kUnknown || b == kUnknown ? kUnknown : tri(in.op == kAnd);
      }
      case kEq:
      case kNe: {
        Tri eq = equal(in);
        return eq == kUnknown || in.op == kEq ? eq : tri(eq == kFalse);
      }
      case kIsPow2: {
        double x = num(in.lhs);
        return std::isnan(x) ? kUnknown : tri(is_pow2(x));
      }
      default:
        break;
    }
    if (!is_ordering(static_cast<std::uint8_t>(in.op))) return kUnknown;  // (unreachable)
    return compare(static_cast<std::uint8_t>(in.op), left(in), right(in));
  }

  // The soft degree of a bool instruction in [0, 1], NaN when missing (docs/rules.md,
  // "Graded evidence"): a comparison that holds is 1; one that misses is 1 - miss / scale
  // with scale = margin x max(|threshold|, kSoftFloor), floored at 0; `and` is the minimum,
  // `or` the maximum (false and missing = 0, true or missing = 1), `not` is pushed down to
  // the comparisons (De Morgan), so `not (x > t)` grades as `x <= t`. Bools and equality
  // are crisp (0 or 1).
  double soft(int i, bool negate, double margin) const {
    const expr::Instr& in = code_[i];
    switch (in.op) {
      case kNot:
        return soft(in.lhs, !negate, margin);
      case kAnd:
      case kOr: {
        bool is_and = (in.op == kAnd) != negate;  // De Morgan
        double dominant = is_and ? 0.0 : 1.0;
        double a = soft(in.lhs, negate, margin);
        if (a == dominant) return a;
        double b = soft(in.rhs, negate, margin);
        if (b == dominant) return b;
        if (std::isnan(a) || std::isnan(b)) return kNaN;
        return is_and ? (a < b ? a : b) : (a > b ? a : b);
      }
      case kLt:
      case kLe:
      case kGt:
      case kGe:
        return soft_order(static_cast<std::uint8_t>(in.op), negate, left(in), right(in), margin);
      default:
        return crisp_degree(boolean(i), negate);
    }
  }

  Str str(int i) const {
    const expr::Instr& in = code_[i];
    if (in.op == kStr) return Str{in.text, true};
    const Value* v = slot(in);
    const std::string* s = v ? std::get_if<std::string>(v) : nullptr;
    return s ? Str{*s, true} : Str{};
  }

 private:
  // Operands of a numeric binary instruction; a fused operand (index -1) is the
  // instruction's own slot (left) or constant (right). See fuse().
  double left(const expr::Instr& in) const {
    if (in.lhs >= 0) return num(in.lhs);
    const Value* v = slot(in);
    const double* d = v ? std::get_if<double>(v) : nullptr;
    return d ? finite_or_missing(*d) : kNaN;
  }
  double right(const expr::Instr& in) const { return in.rhs >= 0 ? num(in.rhs) : in.number; }

  const Value* slot(const expr::Instr& in) const {
    if (in.slot < 0 || static_cast<std::size_t>(in.slot) >= slots_.size()) return nullptr;
    return &slots_[static_cast<std::size_t>(in.slot)];
  }

  // For == and !=, `in.type` is the operands' type.
  Tri equal(const expr::Instr& in) const {
    switch (in.type) {
      case ValueType::Number: {
        double x = left(in);
        double y = right(in);
        return std::isnan(x) || std::isnan(y) ? kUnknown : tri(x == y);
      }
      case ValueType::Bool: {
        Tri a = boolean(in.lhs);
        Tri b = boolean(in.rhs);
        return a == kUnknown || b == kUnknown ? kUnknown : tri(a == b);
      }
      case ValueType::String: {
        Str a = str(in.lhs);
        Str b = str(in.rhs);
        return !a.present || !b.present ? kUnknown : tri(a.s == b.s);
      }
    }
    return kUnknown;
  }

  const expr::Instr* code_;
  std::span<const Value> slots_;
};

int emit(std::vector<expr::Instr>& code, expr::Instr in) {
  code.push_back(in);
  return static_cast<int>(code.size()) - 1;
}

int compile_node(const ExprNode& n, std::vector<expr::Instr>& code) {
  using K = ExprNode::Kind;
  expr::Instr in;
  switch (n.kind) {
    case K::Number:
      in.op = kNum;
      in.number = n.number;
      break;
    case K::Bool:
      in.op = kBool;
      in.number = n.boolean ? 1 : 0;
      break;
    case K::String:
      in.op = kStr;
      in.text = n.text;
      break;
    case K::Name:
      in.op = n.symbol.type == ValueType::Number ? kSlotNum
              : n.symbol.type == ValueType::Bool ? kSlotBool
                                                 : kSlotStr;
      in.slot = n.symbol.slot;
      in.type = n.symbol.type;
      break;
    case K::Unary:
      in.op = n.op == "not" ? kNot : kNeg;
      in.lhs = compile_node(*n.children[0], code);
      break;
    case K::Binary: {
      in.op = binary_op(n.op);
      in.type = n.children[0]->type;  // what == and != compare
      // Rules are mostly "signal OP constant": a numeric operator reads a signal operand from
      // its own slot and a literal operand from its own `number` (the side's index stays -1),
      // which halves the work on the matcher's hot path.
      const ExprNode& l = *n.children[0];
      const ExprNode& r = *n.children[1];
      bool numeric = in.type == ValueType::Number;
      if (numeric && l.kind == K::Name) {
        in.slot = l.symbol.slot;
      } else {
        in.lhs = compile_node(l, code);
      }
      if (numeric && r.kind == K::Number) {
        in.number = r.number;
      } else {
        in.rhs = compile_node(r, code);
      }
      break;
    }
    case K::Call: {
      in.op = call_op(n.op);
      in.lhs = compile_node(*n.children[0], code);
      if (n.children.size() > 1) in.rhs = compile_node(*n.children[1], code);
      // min/max of more than two arguments fold left: min(a, b, c) = min(min(a, b), c).
      for (std::size_t k = 2; k < n.children.size(); ++k) {
        in.lhs = emit(code, in);
        in.rhs = compile_node(*n.children[k], code);
      }
      break;
    }
  }
  return emit(code, in);
}

}  // namespace

void Expression::compile() {
  code_.clear();
  if (root_) compile_node(*root_, code_);
}

Value Expression::evaluate(std::span<const Value> slots) const {
  if (code_.empty()) return std::monostate{};
  Machine m(code_, slots);
  int root = static_cast<int>(code_.size()) - 1;
  switch (root_->type) {
    case ValueType::Number: {
      double d = m.num(root);
      if (std::isnan(d)) return std::monostate{};
      return d;
    }
    case ValueType::Bool: {
      Tri t = m.boolean(root);
      if (t == kUnknown) return std::monostate{};
      return t == kTrue;
    }
    case ValueType::String: {
      Str s = m.str(root);
      if (!s.present) return std::monostate{};
      return std::string(s.s);
    }
  }
  return std::monostate{};
}

bool Expression::evaluate_bool(std::span<const Value> slots) const {
  if (code_.empty() || root_->type != ValueType::Bool) return false;
  return Machine(code_, slots).boolean(static_cast<int>(code_.size()) - 1) == kTrue;
}

std::optional<bool> Expression::evaluate_tri(std::span<const Value> slots) const {
  if (code_.empty() || root_->type != ValueType::Bool) return std::nullopt;
  Tri t = Machine(code_, slots).boolean(static_cast<int>(code_.size()) - 1);
  if (t == kUnknown) return std::nullopt;
  return t == kTrue;
}

}  // namespace solver::rules

namespace solver::rules {

std::optional<double> Expression::evaluate_soft(std::span<const Value> slots, double margin) const {
  if (code_.empty() || root_->type != ValueType::Bool) return std::nullopt;
  double d = Machine(code_, slots).soft(static_cast<int>(code_.size()) - 1, false, margin);
  if (std::isnan(d)) return std::nullopt;
  return d;
}

}  // namespace solver::rules
