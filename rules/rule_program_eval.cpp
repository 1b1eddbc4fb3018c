// The compiled rule program's evaluation (see rule_program.h; compiling: rule_program.cpp).
// Every evaluation rule here is Expression's (rules/expr_eval.cpp) read over typed slots: the
// same operations in the same floating-point order, so every value comes out bit for bit the
// same.
#include "rules/expr_ops.h"
#include "rules/rule_program.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace solver::rules {

namespace {

using namespace ops;  // the operator table (expr_ops.h), shared with Expression's evaluator

int to_tri(bool b) { return tri(b); }
int flip(int t) { return ops::flip(static_cast<Tri>(t)); }

}  // namespace

// --- evaluating ------------------------------------------------------------------------------

double RuleProgram::num(int i) const {
  const Node& n = nodes_[static_cast<std::size_t>(i)];
  if (n.memo < 0) return compute(n);
  const auto m = static_cast<std::size_t>(n.memo);
  if (memo_stamp_[m] != stamp_) {
    memo_value_[m] = compute(n);
    memo_stamp_[m] = stamp_;
  }
  return memo_value_[m];
}

double RuleProgram::compute(const Node& n) const {
  switch (n.op) {
    case kNum:
      return n.k;
    case kSlotNum:
      return frame_->num[static_cast<std::size_t>(n.a)];
    case kGiven: {
      double x = lhs(n);
      return std::isnan(x) ? rhs(n) : x;
    }
    default:
      break;
  }
  if (is_unary_number_op(n.op)) return unary(n.op, lhs(n));
  double x = lhs(n);
  double y = rhs(n);
  return binary(n.op, x, y);
}

const std::string* RuleProgram::str(int i) const {
  const Node& n = nodes_[static_cast<std::size_t>(i)];
  if (n.op == kSlotStr) return frame_->str[static_cast<std::size_t>(n.a)];
  return n.text >= 0 ? &texts_[static_cast<std::size_t>(n.text)] : nullptr;
}

int RuleProgram::boolean(int i) const {
  const Node& n = nodes_[static_cast<std::size_t>(i)];
  switch (n.op) {
    case kBool:
      return std::isnan(n.k) ? kUnknown : to_tri(n.k != 0);
    case kSlotBool: {
      double x = frame_->num[static_cast<std::size_t>(n.a)];
      return std::isnan(x) ? kUnknown : to_tri(x != 0);
    }
    case kNot:
      return flip(boolean(n.a));
    case kAnd:
    case kOr: {
      // false dominates 'and' and true dominates 'or', even over missing; then missing.
      const int dominant = n.op == kOr ? kTrue : kFalse;
      bool unknown = false;
      for (std::int32_t k = n.a; k < n.b; ++k) {
        int t = boolean(kids_[static_cast<std::size_t>(k)]);
        if (t == dominant) return t;
        unknown |= t == kUnknown;
      }
      return unknown ? kUnknown : to_tri(n.op == kAnd);
    }
    case kEq:
    case kNe: {
      int eq = kUnknown;
      switch (static_cast<ValueType>(n.type)) {
        case ValueType::Number: {
          double x = lhs(n);
          double y = rhs(n);
          eq = std::isnan(x) || std::isnan(y) ? kUnknown : to_tri(x == y);
          break;
        }
        case ValueType::Bool: {
          int a = boolean(n.a);
          int b = boolean(n.b);
          eq = a == kUnknown || b == kUnknown ? kUnknown : to_tri(a == b);
          break;
        }
        case ValueType::String: {
          const std::string* a = str(n.a);
          const std::string* b = str(n.b);
          eq = !a || !b ? kUnknown : to_tri(*a == *b);
          break;
        }
      }
      return eq == kUnknown || n.op == kEq ? eq : to_tri(eq == kFalse);
    }
    case kIsPow2: {
      double x = lhs(n);
      return std::isnan(x) ? kUnknown : to_tri(is_pow2(x));
    }
    default:
      break;
  }
  if (!is_ordering(n.op)) return kUnknown;  // (unreachable for a checked tree)
  return compare(n.op, lhs(n), rhs(n));
}

double RuleProgram::soft(int i, bool negate, double margin) const {
  const Node& n = nodes_[static_cast<std::size_t>(i)];
  switch (n.op) {
    case kNot:
      return soft(n.a, !negate, margin);
    case kAnd:
    case kOr: {
      const bool is_and = (n.op == kAnd) != negate;  // De Morgan
      const double dominant = is_and ? 0.0 : 1.0;
      double acc = is_and ? 1.0 : 0.0;  // degrees lie in [0, 1]
      bool missing = false;
      for (std::int32_t k = n.a; k < n.b; ++k) {
        double d = soft(kids_[static_cast<std::size_t>(k)], negate, margin);
        if (d == dominant) return d;
        if (std::isnan(d))
          missing = true;
        else if (is_and ? d < acc : d > acc)
          acc = d;
      }
      return missing ? kNaN : acc;
    }
    case kLt:
    case kLe:
    case kGt:
    case kGe:
      return soft_order(n.op, negate, lhs(n), rhs(n), margin);
    default:
      return crisp_degree(static_cast<Tri>(boolean(i)), negate);
  }
}

bool RuleProgram::holds(int cond) const {
  const Node& n = nodes_[static_cast<std::size_t>(roots_[static_cast<std::size_t>(cond)])];
  if (n.op == kAnd) {  // true only if every operand is: stop at the first that is not
    for (std::int32_t k = n.a; k < n.b; ++k)
      if (boolean(kids_[static_cast<std::size_t>(k)]) != kTrue) return false;
    return true;
  }
  return boolean(roots_[static_cast<std::size_t>(cond)]) == kTrue;
}

std::optional<bool> RuleProgram::tri(int cond) const {
  int t = boolean(roots_[static_cast<std::size_t>(cond)]);
  if (t == kUnknown) return std::nullopt;
  return t == kTrue;
}

RuleProgram::Graded RuleProgram::graded(int cond, double margin, double min_evidence) const {
  // A degree that keeps a rule out of the ranking: the matcher's test, verbatim.
  auto out = [&](double d) { return d + 1e-9 < min_evidence || d <= 0; };
  const Plan& plan = plans_[static_cast<std::size_t>(cond)];
  const bool negate = plan.negate;
  if (plan.conjunction) {
    // A conjunction (De Morgan under `not`): its degree is the least of its operands', so one
    // operand that is out puts it out. Missing operands leave the degree open; then the
    // three-valued answer is false if any operand is false (a degree under 1 is), else open.
    double least = 1.0;
    bool missing = false;
    const double* num = frame_->num.data();
    for (std::int32_t k = plan.leaves_begin; k < plan.leaves_end; ++k) {
      const Leaf& leaf = leaves_[static_cast<std::size_t>(k)];
      const double x = leaf.kind == Leaf::kNodeOrder ? this->num(leaf.a) : num[leaf.a];
      if (std::isnan(x)) {
        missing = true;
        continue;
      }
      // A bool signal is crisp: 1 when it is what the condition wants, else 0.
      const double d = leaf.kind == Leaf::kBoolSlot ? ((x != 0) != (leaf.op != 0) ? 1.0 : 0.0)
                                                    : soft_compare(leaf.op, x, leaf.k, margin);
      if (d >= 1) continue;
      if (out(d)) return {};
      if (d < least) least = d;
    }
    // The other operands whose degree is missing, by position (bit k - rest_begin): the
    // three-valued answer is read from them alone (see below).
    std::uint64_t open = 0;
    const bool few = plan.rest_end - plan.rest_begin <= 64;
    for (std::int32_t k = plan.rest_begin; k < plan.rest_end; ++k) {
      const double d = soft(rest_[static_cast<std::size_t>(k)], negate, margin);
      if (std::isnan(d)) {
        missing = true;
        if (few) open |= std::uint64_t{1} << (k - plan.rest_begin);
        continue;
      }
      if (out(d)) return {};
      if (d < least) least = d;
    }
    if (missing) {
      if (least < 1) return {};
      // Here every operand whose degree is known has degree 1, so it is true (a degree is 1
      // exactly when the operand is true), and a leaf whose signal is missing is unknown: only
      // an operand of the rest with a missing degree can still be false (a near miss beside a
      // missing signal inside it). The conjunction is false if one is, else open.
      if (few) {
        for (std::uint64_t bits = open; bits != 0; bits &= bits - 1) {
          const std::int32_t k = plan.rest_begin + std::countr_zero(bits);
          const int t = boolean(rest_[static_cast<std::size_t>(k)]);
          if ((negate ? flip(t) : t) == kFalse) return {};
        }
        return {Verdict::Undecided, 0};
      }
      const Node& n = nodes_[static_cast<std::size_t>(plan.root)];
      for (std::int32_t k = n.a; k < n.b; ++k) {
        int t = boolean(kids_[static_cast<std::size_t>(k)]);
        if ((negate ? flip(t) : t) == kFalse) return {};
      }
      return {Verdict::Undecided, 0};
    }
    if (least >= 1) return {Verdict::Holds, 1};
    return {Verdict::Near, least};
  }
  const int root = plan.root;
  const Node& rn = nodes_[static_cast<std::size_t>(root)];
  if ((rn.op == kAnd || rn.op == kOr) && rn.b - rn.a <= 64) {
    // A disjunction (an `or` chain, or `not` of an `and` chain), soft()'s loop inline: its
    // degree is the greatest of its operands', 1 as soon as one holds. When a degree is
    // missing, the three-valued answer is read from those operands alone: one whose degree is
    // known and under 1 is false, and none is true (it would have degree 1), so the
    // disjunction is false when every operand with a missing degree is false, else open.
    double acc = 0.0;
    std::uint64_t open = 0;
    for (std::int32_t k = rn.a; k < rn.b; ++k) {
      const double dk = soft(kids_[static_cast<std::size_t>(k)], negate, margin);
      if (dk == 1.0) return {Verdict::Holds, 1};
      if (std::isnan(dk))
        open |= std::uint64_t{1} << (k - rn.a);
      else if (dk > acc)
        acc = dk;
    }
    if (open != 0) {
      for (std::uint64_t bits = open; bits != 0; bits &= bits - 1) {
        const int t = boolean(kids_[static_cast<std::size_t>(rn.a + std::countr_zero(bits))]);
        if ((negate ? flip(t) : t) != kFalse) return {Verdict::Undecided, 0};
      }
      return {};
    }
    if (out(acc)) return {};
    return {Verdict::Near, acc};
  }
  double d = soft(root, negate, margin);
  // An ordering's degree is missing only when an operand is: its three-valued answer is open.
  if (std::isnan(d) && is_ordering(rn.op)) return {Verdict::Undecided, 0};
  if (std::isnan(d)) {
    int t = boolean(root);
    if (negate) t = flip(t);
    if (t == kUnknown) return {Verdict::Undecided, 0};
    if (t == kTrue) return {Verdict::Holds, 1};
    return {};
  }
  if (d >= 1) return {Verdict::Holds, 1};
  if (out(d)) return {};
  return {Verdict::Near, d};
}

double RuleProgram::flat_compute(const Node& n, const double* value) const {
  switch (n.op) {
    case kNum:
      return n.k;
    case kSlotNum:
      return frame_->num[static_cast<std::size_t>(n.a)];
    default:
      break;
  }
  const double x = n.a_slot ? frame_->num[static_cast<std::size_t>(n.a)] : value[n.a];
  if (is_unary_number_op(n.op)) return unary(n.op, x);
  const double y = n.b_const ? n.k : value[n.b];
  if (n.op == kGiven) return std::isnan(x) ? y : x;
  return binary(n.op, x, y);
}

double RuleProgram::estimate(int est) const {
  // The estimate's nodes in postorder (flat_), each computed once into scratch_; a shared node
  // through its per-frame memo (num), so it is still computed at most once per frame.
  const auto [begin, end] = flat_range_[static_cast<std::size_t>(est)];
  double* value = scratch_.data();
  for (std::int32_t k = begin; k < end; ++k) {
    const std::int32_t i = flat_[static_cast<std::size_t>(k)];
    const Node& n = nodes_[static_cast<std::size_t>(i)];
    value[i] = n.memo >= 0 ? num(i) : flat_compute(n, value);
  }
  return value[roots_[static_cast<std::size_t>(est)]];
}

}  // namespace solver::rules
