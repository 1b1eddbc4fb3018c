// The compiled rule program (see rule_program.h). Every evaluation rule here is
// Expression's (rules/expr_eval.cpp) read over typed slots: the same operations in the same
// floating-point order, so every value comes out bit for bit the same.
#include "rules/rule_program.h"

#include "rules/expr_ops.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace solver::rules {

namespace {

using namespace ops;  // the operator table (expr_ops.h), shared with Expression's evaluator

bool is_leaf(std::uint8_t op) { return op == kNum || op == kSlotNum; }

}  // namespace

// --- compiling -------------------------------------------------------------------------------

int RuleProgram::intern(const Node& n) {
  char key[24];
  std::memcpy(key, &n.op, 1);
  std::memcpy(key + 1, &n.type, 1);
  key[2] = static_cast<char>(n.a_slot);
  key[3] = static_cast<char>(n.b_const);
  std::memcpy(key + 4, &n.a, 4);
  std::memcpy(key + 8, &n.b, 4);
  std::memcpy(key + 12, &n.k, 8);  // the constant's bits: 0.5 and 0.50000001 stay apart
  std::memset(key + 20, 0, 4);
  auto [it, fresh] = intern_.try_emplace(std::string(key, sizeof key), 0);
  if (!fresh) {
    ++uses_[static_cast<std::size_t>(it->second)];
    return it->second;
  }
  nodes_.push_back(n);
  uses_.push_back(1);
  it->second = static_cast<int>(nodes_.size()) - 1;
  return it->second;
}

int RuleProgram::num_node(const ExprNode& n) {
  using K = ExprNode::Kind;
  Node in;
  auto operand_a = [&](const ExprNode& c) {
    if (c.kind == K::Name && c.symbol.type == ValueType::Number && c.symbol.slot >= 0) {
      in.a_slot = true;
      in.a = c.symbol.slot;
    } else {
      in.a = num_node(c);
      in.cost += nodes_[static_cast<std::size_t>(in.a)].cost;
    }
  };
  auto operand_b = [&](const ExprNode& c) {
    if (c.kind == K::Number) {
      in.b_const = true;
      in.k = c.number;
    } else {
      in.b = num_node(c);
      in.cost += nodes_[static_cast<std::size_t>(in.b)].cost;
    }
  };
  switch (n.kind) {
    case K::Number:
      in.op = kNum;
      in.k = n.number;
      return intern(in);
    case K::Name:
      if (n.symbol.slot < 0) {  // (never for a checked tree) reads as missing
        in.op = kNum;
        in.k = kNaN;
      } else {
        in.op = kSlotNum;
        in.a = n.symbol.slot;
      }
      return intern(in);
    case K::Unary:  // '-' (a literal's sign is folded by the parser)
      in.op = kNeg;
      operand_a(*n.children[0]);
      return intern(in);
    case K::Binary:
      in.op = binary_op(n.op);
      operand_a(*n.children[0]);
      operand_b(*n.children[1]);
      return intern(in);
    case K::Call: {
      in.op = call_op(n.op);
      operand_a(*n.children[0]);
      if (n.children.size() > 1) operand_b(*n.children[1]);
      // min/max of more than two arguments fold left: min(a, b, c) = min(min(a, b), c).
      for (std::size_t k = 2; k < n.children.size(); ++k) {
        Node folded;
        folded.op = in.op;
        folded.a = intern(in);
        folded.cost = 1 + in.cost;
        in = folded;
        operand_b(*n.children[k]);
      }
      return intern(in);
    }
    default:
      break;
  }
  in.op = kNum;  // unreachable for a checked tree
  in.k = kNaN;
  return intern(in);
}

int RuleProgram::str_node(const ExprNode& n) {
  Node in;
  if (n.kind == ExprNode::Kind::Name && n.symbol.slot >= 0) {
    in.op = kSlotStr;
    in.a = n.symbol.slot;
  } else {
    in.op = kStr;
    if (n.kind == ExprNode::Kind::String) {
      texts_.push_back(n.text);
      in.text = static_cast<std::int32_t>(texts_.size()) - 1;
    }  // else missing (never for a checked tree)
  }
  nodes_.push_back(in);
  uses_.push_back(1);
  return static_cast<int>(nodes_.size()) - 1;
}

int RuleProgram::chain(const ExprNode& n, std::uint8_t op) {
  // The operands of a run of the same connective, left to right: (a and b) and c -> a, b, c.
  std::vector<const ExprNode*> operands;
  std::vector<const ExprNode*> todo{&n};
  const std::string& text = n.op;
  while (!todo.empty()) {
    const ExprNode* x = todo.back();
    todo.pop_back();
    if (x->kind == ExprNode::Kind::Binary && x->op == text) {
      todo.push_back(x->children[1].get());
      todo.push_back(x->children[0].get());
    } else {
      operands.push_back(x);
    }
  }
  std::vector<std::int32_t> kids;
  kids.reserve(operands.size());
  Node in;
  in.op = op;
  for (const ExprNode* x : operands) {
    kids.push_back(bool_node(*x));
    in.cost += nodes_[static_cast<std::size_t>(kids.back())].cost;
  }
  // Cheapest first: the answer does not depend on the order (rule_program.h), the work does.
  std::stable_sort(kids.begin(), kids.end(), [&](std::int32_t a, std::int32_t b) {
    return nodes_[static_cast<std::size_t>(a)].cost < nodes_[static_cast<std::size_t>(b)].cost;
  });
  in.a = static_cast<std::int32_t>(kids_.size());
  kids_.insert(kids_.end(), kids.begin(), kids.end());
  in.b = static_cast<std::int32_t>(kids_.size());
  nodes_.push_back(in);
  uses_.push_back(1);
  return static_cast<int>(nodes_.size()) - 1;
}

int RuleProgram::bool_node(const ExprNode& n) {
  using K = ExprNode::Kind;
  Node in;
  switch (n.kind) {
    case K::Bool:
      in.op = kBool;
      in.k = n.boolean ? 1 : 0;
      break;
    case K::Name:
      if (n.symbol.slot < 0) {
        in.op = kBool;
        in.k = kNaN;
      } else {
        in.op = kSlotBool;
        in.a = n.symbol.slot;
      }
      break;
    case K::Unary:  // 'not'
      in.op = kNot;
      in.a = bool_node(*n.children[0]);
      in.cost += nodes_[static_cast<std::size_t>(in.a)].cost;
      break;
    case K::Binary: {
      Op op = binary_op(n.op);
      if (op == kAnd || op == kOr) return chain(n, op);
      in.op = op;
      const ExprNode& l = *n.children[0];
      const ExprNode& r = *n.children[1];
      ValueType t = l.type;  // what == and != compare
      in.type = static_cast<std::uint8_t>(t);
      if (t == ValueType::Number) {
        if (l.kind == K::Name && l.symbol.slot >= 0) {
          in.a_slot = true;
          in.a = l.symbol.slot;
        } else {
          in.a = num_node(l);
        }
        if (r.kind == K::Number) {
          in.b_const = true;
          in.k = r.number;
        } else {
          in.b = num_node(r);
        }
      } else if (t == ValueType::Bool) {
        in.a = bool_node(l);
        in.b = bool_node(r);
      } else {
        in.a = str_node(l);
        in.b = str_node(r);
      }
      if (!in.a_slot) in.cost += nodes_[static_cast<std::size_t>(in.a)].cost;
      if (!in.b_const) in.cost += nodes_[static_cast<std::size_t>(in.b)].cost;
      break;
    }
    case K::Call: {  // is_pow2
      in.op = kIsPow2;
      const ExprNode& c = *n.children[0];
      if (c.kind == K::Name && c.symbol.slot >= 0) {
        in.a_slot = true;
        in.a = c.symbol.slot;
      } else {
        in.a = num_node(c);
        in.cost += nodes_[static_cast<std::size_t>(in.a)].cost;
      }
      break;
    }
    default:
      in.op = kBool;
      in.k = kNaN;
      break;
  }
  nodes_.push_back(in);
  uses_.push_back(1);
  return static_cast<int>(nodes_.size()) - 1;
}

int RuleProgram::add_condition(const Expression& e) {
  roots_.push_back(bool_node(e.root()));
  Plan plan;
  plan.root = roots_.back();
  while (nodes_[static_cast<std::size_t>(plan.root)].op == kNot) {
    plan.root = nodes_[static_cast<std::size_t>(plan.root)].a;
    plan.negate = !plan.negate;
  }
  const Node& n = nodes_[static_cast<std::size_t>(plan.root)];
  plan.conjunction = (n.op == kAnd || n.op == kOr) && (n.op == kAnd) != plan.negate;
  plan.leaves_begin = plan.leaves_end = static_cast<std::int32_t>(leaves_.size());
  plan.rest_begin = plan.rest_end = static_cast<std::int32_t>(rest_.size());
  if (plan.conjunction) {
    for (std::int32_t k = n.a; k < n.b; ++k) {
      const std::int32_t kid = kids_[static_cast<std::size_t>(k)];
      const Node& c = nodes_[static_cast<std::size_t>(kid)];
      // `not`s in front of a bool signal, counted.
      std::int32_t inner = kid;
      bool negated = plan.negate;
      while (nodes_[static_cast<std::size_t>(inner)].op == kNot) {
        inner = nodes_[static_cast<std::size_t>(inner)].a;
        negated = !negated;
      }
      const Node& b = nodes_[static_cast<std::size_t>(inner)];
      if (is_ordering(c.op) && c.b_const) {
        leaves_.push_back({c.a, plan.negate ? negated_order(c.op) : c.op,
                           c.a_slot ? Leaf::kSlotOrder : Leaf::kNodeOrder, c.k});
      } else if (b.op == kSlotBool) {
        leaves_.push_back({b.a, static_cast<std::uint8_t>(negated), Leaf::kBoolSlot, 0});
      } else {
        rest_.push_back(kid);
      }
    }
    plan.leaves_end = static_cast<std::int32_t>(leaves_.size());
    plan.rest_end = static_cast<std::int32_t>(rest_.size());
  }
  plans_.resize(roots_.size());
  plans_.back() = plan;
  return static_cast<int>(roots_.size()) - 1;
}

RuleProgram::Gate RuleProgram::gate(int cond, int n_th) const {
  const Plan& plan = plans_[static_cast<std::size_t>(cond)];
  if (plan.conjunction) {
    for (const Leaf::Kind kind : {Leaf::kSlotOrder, Leaf::kNodeOrder}) {
      for (std::int32_t k = plan.leaves_begin; k < plan.leaves_end; ++k) {
        const Leaf& leaf = leaves_[static_cast<std::size_t>(k)];
        if (leaf.kind == kind && n_th-- == 0)
          return {leaf.a, leaf.op, kind == Leaf::kNodeOrder, leaf.k};
      }
    }
    return {};
  }
  const Node& n = nodes_[static_cast<std::size_t>(plan.root)];
  if (n_th == 0 && is_ordering(n.op) && n.b_const)
    return {n.a, plan.negate ? negated_order(n.op) : n.op, !n.a_slot, n.k};
  return {};
}

int RuleProgram::add_estimate(const Expression& e) {
  roots_.push_back(num_node(e.root()));
  plans_.resize(roots_.size());
  estimates_.push_back(static_cast<std::int32_t>(roots_.size()) - 1);
  return static_cast<int>(roots_.size()) - 1;
}

void RuleProgram::flatten(std::int32_t i, std::vector<char>& seen) {
  if (seen[static_cast<std::size_t>(i)]) return;  // shared within the estimate: once
  seen[static_cast<std::size_t>(i)] = 1;
  const Node& n = nodes_[static_cast<std::size_t>(i)];
  // A constant is not listed: its value is in scratch_ from finish() on (a quarter of the
  // estimates' nodes on rules.yaml, each a pass of estimate()'s loop otherwise).
  if (n.op == kNum) return;
  // A shared node is read through its memo (num), so its operands are not listed.
  if (n.memo < 0 && n.op != kNum && n.op != kSlotNum) {
    if (!n.a_slot && n.a >= 0) flatten(n.a, seen);
    if (!n.b_const && n.b >= 0) flatten(n.b, seen);
  }
  flat_.push_back(i);
}

void RuleProgram::finish() {
  int memos = 0;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    Node& n = nodes_[i];
    if (is_number_op(n.op) && !is_leaf(n.op) && uses_[i] > 1) n.memo = memos++;
  }
  memo_value_.assign(static_cast<std::size_t>(memos), 0);
  memo_stamp_.assign(static_cast<std::size_t>(memos), 0);
  // Each estimate as a postorder list of its nodes (operands first), computed by a loop
  // instead of a recursive walk (estimate()).
  flat_.clear();
  flat_range_.assign(roots_.size(), {0, 0});
  for (const std::int32_t est : estimates_) {
    std::vector<char> seen(nodes_.size(), 0);
    const auto begin = static_cast<std::int32_t>(flat_.size());
    flatten(roots_[static_cast<std::size_t>(est)], seen);
    flat_range_[static_cast<std::size_t>(est)] = {begin, static_cast<std::int32_t>(flat_.size())};
  }
  scratch_.assign(nodes_.size(), 0);
  for (std::size_t i = 0; i < nodes_.size(); ++i)
    if (nodes_[i].op == kNum) scratch_[i] = nodes_[i].k;  // never written by estimate()
  intern_.clear();
  uses_.clear();
  uses_.shrink_to_fit();
}

void RuleProgram::begin(const SlotFrame& frame) {
  frame_ = &frame;
  if (++stamp_ == 0) {  // wrapped: no stamp may look current
    std::fill(memo_stamp_.begin(), memo_stamp_.end(), 0);
    stamp_ = 1;
  }
}

}  // namespace solver::rules
