// A rule table's conditions and estimates compiled into one program for the matcher
// (issue 29, "matching >= 1 M classifications/s"). Built once per table (Matcher::refresh) from
// the checked expression trees; evaluated over a SlotFrame (typed slots) instead of a span of
// Values, so reading an operand is one load, never a variant visit.
//
// What it adds to Expression's own evaluation, without changing any answer:
// - `and` / `or` chains are one node with their operands cheapest first (their results do not
//   depend on operand order: false, or a degree of 0, dominates `and` whatever the others are;
//   missing comes next; then the minimum. Dually for `or`);
// - equal numeric sub-expressions anywhere in the table (the stall sums several rules read)
//   are one node, computed at most once per frame;
// - a rule is evaluated only as far as its verdict needs (graded()): a guard-blocked rule only
//   to know whether its condition holds; a rule without an estimate three-valued only; a
//   rule with one stops at the first conjunct of its top-level `and` whose degree already
//   keeps it out of the ranking, and never walks its condition twice unless a missing signal
//   leaves the graded answer open.
// tests/rules/rule_program_test.cpp checks it against Expression's evaluation, and the
// matcher against the matcher as it was, over every recorded signal set and random ones.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "rules/chips.h"
#include "rules/expr_ops.h"
#include "rules/expression.h"
#include "rules/signal_vector.h"
#include "rules/signals.h"
#include "rules/value.h"

namespace solver::rules {

// Slot values as compiled code reads them (slot layout: rule_resolver()).
struct SlotFrame {
  // Per slot: a number slot's value, a bool slot's 0 or 1; NaN when missing, not finite, or a
  // value of another type than the slot's (Expression::evaluate reads those as missing too).
  std::vector<double> num;
  std::vector<const std::string*> str;  // a string slot's value; nullptr when missing

  void resize(std::size_t n) {
    num.assign(n, std::numeric_limits<double>::quiet_NaN());
    str.assign(n, nullptr);
  }
  void set_missing(std::size_t i) {
    num[i] = std::numeric_limits<double>::quiet_NaN();
    str[i] = nullptr;
  }
  // Slot i (of type `type`) from a Value; the Value must outlive the frame's use (strings are
  // held by pointer). Inline: match_bound sets every signal slot per classification.
  void set(std::size_t i, const Value& v, ValueType type) {
    num[i] = std::numeric_limits<double>::quiet_NaN();
    str[i] = nullptr;
    switch (type) {
      case ValueType::Number:
        if (const double* d = std::get_if<double>(&v); d && std::isfinite(*d)) num[i] = *d;
        break;
      case ValueType::Bool:
        if (const bool* b = std::get_if<bool>(&v)) num[i] = *b ? 1.0 : 0.0;
        break;
      case ValueType::String:
        if (const std::string* s = std::get_if<std::string>(&v)) str[i] = s;
        break;
    }
  }
};

// bind_signal_slots into a frame: signal slot i gets the signal's value, and values[i] points
// at the Value in `signals` it came from (nullptr where bind_signal_slots leaves it missing).
// `frame` and `values` must have at least signal_table().size() entries.
void bind_signal_frame(const SignalSet& signals, SlotFrame& frame,
                       std::vector<const Value*>& values);

// A SignalVector into a frame's signal slots (no name lookups: a copy of its numbers, and the
// string signals' pointers into it, which must outlive the frame's use). The frame must have at
// least signal_table().size() entries.
void bind_signal_vector(const SignalVector& signals, SlotFrame& frame);

// bind_chip_slots into a frame, for the chip slots listed (ascending; the slots a table reads):
// values[i] points at the Value bind_chip_slots would put in slot i (a static true or false for
// a capability, storage[i] for a number), nullptr where it leaves the slot missing. The frame,
// values and storage must have rule_slot_count() entries.
void bind_chip_frame(const ChipProfile& chip, std::span<const int> slots, SlotFrame& frame,
                     std::vector<const Value*>& values, std::vector<Value>& storage);

class RuleProgram {
 public:
  // What a rule's condition means for the ranking (Matcher::evaluate).
  enum class Verdict : std::uint8_t {
    Out,        // false, or a near miss too far off to rank: nothing to report
    Holds,      // true (degree 1)
    Near,       // a near miss that ranks: degree in (0, 1) reaching min_evidence
    Undecided,  // missing signals leave it open
  };
  struct Graded {
    Verdict verdict = Verdict::Out;
    double degree = 0;  // for Near
  };

  // Compile a checked expression (a bool condition, a number estimate); returns its handle.
  int add_condition(const Expression& e);
  int add_estimate(const Expression& e);
  // After the last add: common numeric sub-expressions get a per-frame memo.
  void finish();

  // Binds the frame the next evaluations read (it must stay alive and unchanged until the next
  // call); forgets every memoised value.
  void begin(const SlotFrame& frame);
  // The condition is true (Expression::evaluate_tri == true).
  bool holds(int cond) const;
  // Expression::evaluate_tri.
  std::optional<bool> tri(int cond) const;
  // The condition's verdict as the matcher ranks a rule with an estimate, with
  // Expression::evaluate_soft's degrees: Holds when the degree is 1; Near when it is in (0, 1)
  // and degree + 1e-9 >= min_evidence; Undecided when the degree is missing and the
  // three-valued answer is too; Out otherwise.
  Graded graded(int cond, double margin, double min_evidence) const;
  // Expression::evaluate of a number expression; NaN when missing.
  double estimate(int est) const;

  // A cheap test that rules a condition out before it is evaluated (the matcher's per-rule
  // pre-filter): a conjunct of the form `signal OP constant` (or `number-expression OP
  // constant`) that every verdict needs true (the condition's root, or an operand of its
  // top-level conjunction, with any `not` already applied to OP). slot < 0: none.
  struct Gate {
    std::int32_t slot = -1;  // the signal's slot; with `node`, the number node
    std::uint8_t op = 0;     // ops::kLt .. kGe
    bool node = false;       // `number-expression OP constant` (its value through num())
    double k = 0;
  };
  // The condition's n-th such conjunct (those on a signal first, each kind in condition order),
  // or a Gate with slot -1.
  Gate gate(int cond, int n) const;
  // The gate's conjunct is false, and its soft degree (Expression::evaluate_soft, `margin`)
  // keeps the rule out of the ranking at `min_evidence` (Graded: d + 1e-9 < min_evidence, or
  // d <= 0): then the condition is false, its graded verdict Out and it does not hold, whatever
  // the other operands are. Decided without soft_compare's division, with a slack of 1e-6 on the
  // degree: a degree that close to min_evidence is left to graded(). False when the signal is
  // missing. `cut` is shut_cut(min_evidence), computed once per match.
  static double shut_cut(double min_evidence) {
    return std::min(1.0, 1.0 - min_evidence + 1e-6);  // NaN: 1 (only a degree of 0 shuts)
  }
  bool shut(const Gate& g, double margin, double cut) const {
    const double x = g.node ? num(g.slot) : frame_->num[static_cast<std::size_t>(g.slot)];
    if (std::isnan(x) || ops::order_holds(g.op, x, g.k)) return false;
    // soft_compare: degree 0 when |k| < 1e-12 or miss >= scale; else 1 - miss / scale, which
    // is below min_evidence - 1e-9 by more than rounding once miss >= scale x cut.
    const double scale = margin * std::max(std::fabs(g.k), ops::kSoftFloor);
    return std::fabs(g.k) < 1e-12 || std::fabs(x - g.k) >= scale * cut;
  }

  std::size_t node_count() const { return nodes_.size(); }

 private:
  struct Node {
    std::uint8_t op = 0;
    std::uint8_t type = 0;        // == and !=: the operands' ValueType
    bool a_slot = false;          // operand a is a slot index, not a node
    bool b_const = false;         // operand b is the constant k, not a node
    std::int32_t a = -1, b = -1;  // operands; `and`/`or`: [a, b) in kids_
    std::int32_t memo = -1;       // index into the memo, for a shared numeric node
    std::int32_t cost = 1;        // nodes in the subtree (operand order of `and` / `or`)
    double k = 0;                 // constant
    std::int32_t text = -1;       // string literal: index into texts_ (copies stay valid)
  };
  int num_node(const ExprNode& n);
  int bool_node(const ExprNode& n);
  int str_node(const ExprNode& n);
  int chain(const ExprNode& n, std::uint8_t op);
  int intern(const Node& n);  // numeric nodes: one node per distinct (op, operands, constant)
  void flatten(std::int32_t i, std::vector<char>& seen);  // appends i's postorder to flat_

  double num(int i) const;
  double compute(const Node& n) const;
  // A numeric node whose node operands are already in value[] (estimate()'s loop).
  double flat_compute(const Node& n, const double* value) const;
  double lhs(const Node& n) const { return n.a_slot ? frame_->num[n.a] : num(n.a); }
  double rhs(const Node& n) const { return n.b_const ? n.k : num(n.b); }
  int boolean(int i) const;  // 0 false, 1 true, 2 unknown
  double soft(int i, bool negate, double margin) const;
  const std::string* str(int i) const;

  std::vector<Node> nodes_;
  std::vector<std::int32_t> kids_;   // operands of `and` / `or` nodes
  std::vector<std::int32_t> uses_;   // per node: parents (sharing counts)
  std::vector<std::int32_t> roots_;  // per handle: its root node
  // How graded() walks a condition whose root is a conjunction (an `and` chain, or `not` of an
  // `or` chain): first its operands of the forms `signal OP constant`, `number-expression OP
  // constant` and `[not] bool-signal`, inline (`leaves_`, the operator already turned by any
  // `not`), then the others through soft().
  struct Leaf {
    enum Kind : std::uint8_t { kSlotOrder, kNodeOrder, kBoolSlot };
    std::int32_t a = 0;   // kSlotOrder, kBoolSlot: the slot; kNodeOrder: the number node
    std::uint8_t op = 0;  // the ordering; kBoolSlot: 1 when the signal must be false
    Kind kind = kSlotOrder;
    double k = 0;
  };
  struct Plan {
    bool conjunction = false;
    bool negate = false;
    std::int32_t root = -1;                         // after any leading `not`s
    std::int32_t leaves_begin = 0, leaves_end = 0;  // in leaves_
    std::int32_t rest_begin = 0, rest_end = 0;      // in rest_ (node indices)
  };
  std::vector<Plan> plans_;  // per handle (conditions only)
  std::vector<Leaf> leaves_;
  std::vector<std::int32_t> rest_;
  // Estimates as postorder lists of their nodes (estimate() computes them in a loop).
  std::vector<std::int32_t> estimates_;                            // handles that are estimates
  std::vector<std::int32_t> flat_;                                 // node indices
  std::vector<std::pair<std::int32_t, std::int32_t>> flat_range_;  // per handle: [begin, end)
  mutable std::vector<double> scratch_;  // per node: estimate()'s values (constants: set by finish)
  std::vector<std::string> texts_;       // string literals
  std::unordered_map<std::string, std::int32_t> intern_;  // numeric node key -> node

  const SlotFrame* frame_ = nullptr;
  mutable std::vector<double> memo_value_;
  mutable std::vector<std::uint32_t> memo_stamp_;
  std::uint32_t stamp_ = 0;
};

}  // namespace solver::rules
