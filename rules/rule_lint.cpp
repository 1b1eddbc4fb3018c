#include "rules/rule_lint.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace solver::rules {
namespace {

using Kind = ExprNode::Kind;

bool is_comparison(const std::string& op) {
  return op == "<" || op == "<=" || op == ">" || op == ">=" || op == "==" || op == "!=";
}

// `3 < x` is `x > 3`.
std::string flip(const std::string& op) {
  if (op == "<") return ">";
  if (op == "<=") return ">=";
  if (op == ">") return "<";
  if (op == ">=") return "<=";
  return op;
}

// A literal constant (numbers may carry unary minus); nullopt otherwise.
std::optional<Value> constant_of(const ExprNode& n) {
  switch (n.kind) {
    case Kind::Number:
      return Value(n.number);
    case Kind::Bool:
      return Value(n.boolean);
    case Kind::String:
      return Value(n.text);
    case Kind::Unary:
      if (n.op == "neg" && n.children.size() == 1) {
        auto inner = constant_of(*n.children[0]);
        if (inner && std::holds_alternative<double>(*inner))
          return Value(-std::get<double>(*inner));
      }
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

bool collect(const ExprNode& n, std::vector<Conjunct>& out) {
  if (n.kind == Kind::Binary && n.op == "and") {
    for (const auto& c : n.children)
      if (!collect(*c, out)) return false;
    return true;
  }
  if (n.kind == Kind::Bool) return n.boolean;  // `true` constrains nothing; `false` is not ours
  if (n.kind == Kind::Name && n.type == ValueType::Bool) {
    out.push_back({n.text, "==", Value(true)});
    return true;
  }
  if (n.kind == Kind::Unary && n.op == "not" && n.children.size() == 1) {
    const ExprNode& c = *n.children[0];
    if (c.kind == Kind::Name && c.type == ValueType::Bool) {
      out.push_back({c.text, "==", Value(false)});
      return true;
    }
    return false;
  }
  if (n.kind == Kind::Binary && is_comparison(n.op) && n.children.size() == 2) {
    const ExprNode& l = *n.children[0];
    const ExprNode& r = *n.children[1];
    std::string op = n.op;
    const ExprNode* name = nullptr;
    std::optional<Value> k;
    if (l.kind == Kind::Name && (k = constant_of(r))) {
      name = &l;
    } else if (r.kind == Kind::Name && (k = constant_of(l))) {
      name = &r;
      op = flip(op);
    } else {
      return false;
    }
    // Booleans compare only by equality: `s != true` is `s == false`.
    if (std::holds_alternative<bool>(*k)) {
      if (op != "==" && op != "!=") return false;
      bool b = std::get<bool>(*k);
      out.push_back({name->text, "==", Value(op == "==" ? b : !b)});
      return true;
    }
    if (std::holds_alternative<std::string>(*k) && op != "==" && op != "!=") return false;
    out.push_back({name->text, op, *k});
    return true;
  }
  return false;
}

// Does the single test `s op_b kb` imply `s op_a ka`?
bool conjunct_implies(const Conjunct& b, const Conjunct& a) {
  if (b.name != a.name || b.constant.index() != a.constant.index()) return false;
  if (!std::holds_alternative<double>(a.constant)) {  // bool / string: equality only
    bool same = a.constant == b.constant;
    if (a.op == "==") return b.op == "==" && same;
    if (a.op == "!=") return (b.op == "==" && !same) || (b.op == "!=" && same);
    return false;
  }
  double ka = std::get<double>(a.constant);
  double kb = std::get<double>(b.constant);
  const std::string& oa = a.op;
  const std::string& ob = b.op;
  if (ob == "==") {  // b pins the value: check it against a directly
    if (oa == "<") return kb < ka;
    if (oa == "<=") return kb <= ka;
    if (oa == ">") return kb > ka;
    if (oa == ">=") return kb >= ka;
    if (oa == "==") return kb == ka;
    return kb != ka;  // !=
  }
  if (oa == ">") return (ob == ">" && kb >= ka) || (ob == ">=" && kb > ka);
  if (oa == ">=") return (ob == ">" || ob == ">=") && kb >= ka;
  if (oa == "<") return (ob == "<" && kb <= ka) || (ob == "<=" && kb < ka);
  if (oa == "<=") return (ob == "<" || ob == "<=") && kb <= ka;
  if (oa == "!=")
    return (ob == "!=" && kb == ka) || (ob == ">" && kb >= ka) || (ob == ">=" && kb > ka) ||
           (ob == "<" && kb <= ka) || (ob == "<=" && kb < ka);
  return false;  // a is ==, b is a range: a range never pins one value
}

}  // namespace

std::optional<std::vector<Conjunct>> decidable_conjuncts(const Expression& e) {
  std::vector<Conjunct> out;
  if (!collect(e.root(), out)) return std::nullopt;
  return out;
}

bool implies(const std::vector<Conjunct>& stronger, const std::vector<Conjunct>& weaker) {
  return std::all_of(weaker.begin(), weaker.end(), [&](const Conjunct& a) {
    return std::any_of(stronger.begin(), stronger.end(),
                       [&](const Conjunct& b) { return conjunct_implies(b, a); });
  });
}

namespace {

// Whether `a` needs no capability `r` lacks (on a chip where r's guard passes, so does a's).
bool guard_subset(const Rule& a, const Rule& r) {
  return std::all_of(a.requires_caps.begin(), a.requires_caps.end(), [&](const std::string& c) {
    return std::find(r.requires_caps.begin(), r.requires_caps.end(), c) != r.requires_caps.end();
  });
}

}  // namespace

// Whether `a` (a lower priority number) ranks ahead of `r` wherever both hold (docs/rules.md,
// "Ranking"): the gate (priority 0) ranks before every estimate; otherwise a rule with a known
// estimate ranks before every rule without one, and rules with estimates rank by score. So a
// rule with an `estimate:` fires wherever its estimate is known and beats the other's score,
// whatever the priorities: only a rule without one can be pre-empted for certain.
bool preempts(const Rule& a, const Rule& r) { return a.priority == 0 || !r.estimate; }

const Rule* shadowing_rule(const RuleTable& table, const Rule& r) {
  if (!r.when || r.status == RuleStatus::Retired) return nullptr;
  auto mine = decidable_conjuncts(*r.when);
  if (!mine) return nullptr;
  for (const auto& a : table.rules) {
    if (&a == &r || !a.when || a.status == RuleStatus::Retired || a.priority >= r.priority)
      continue;
    if (!preempts(a, r) || !guard_subset(a, r)) continue;
    auto theirs = decidable_conjuncts(*a.when);
    if (theirs && implies(*mine, *theirs)) return &a;
  }
  return nullptr;
}

namespace {

// The signal names a condition tests, sorted, each once, joined by '\n' (a bucket key).
std::vector<std::string> names_of(const std::vector<Conjunct>& cs) {
  std::vector<std::string> v;
  for (const auto& c : cs) v.push_back(c.name);
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

std::string key_of(const std::vector<std::string>& names) {
  std::string k;
  for (const auto& n : names) k += n + "\n";
  return k;
}

}  // namespace

// Linear in the rule count (issue 27 item 7: pairwise, 100,000 rules did not finish in 90 s).
// A rule `a` can shadow `r` only if every name `a` tests is one `r` tests (each conjunct of `a`
// must follow from a conjunct of `r` on the same name), so the candidates are indexed by their
// set of names and `r` looks up only the subsets of its own (at most 2^8; a rule testing more
// names scans the index). Within a set, candidates are tried in priority order, at most
// kMaxShadowChecks per rule: past that cap a shadowing rule may go unreported (the lint is
// advice; the matcher's behaviour does not depend on it). Under the cap the answer is the one
// shadowing_rule gives: the first shadowing rule in table order.
void lint_rule_table(const RuleTable& table, Diagnostics& diags) {
  constexpr std::size_t kMaxShadowChecks = 256;
  constexpr std::size_t kMaxSubsetNames = 8;
  const std::size_t n = table.rules.size();
  std::vector<std::optional<std::vector<Conjunct>>> conj(n);
  std::unordered_map<std::string, std::vector<std::size_t>> index;  // names -> rules
  for (std::size_t i = 0; i < n; ++i) {
    const Rule& r = table.rules[i];
    if (!r.when || r.status == RuleStatus::Retired) continue;
    conj[i] = decidable_conjuncts(*r.when);
    if (conj[i]) index[key_of(names_of(*conj[i]))].push_back(i);
  }
  for (auto& [key, members] : index)
    std::stable_sort(members.begin(), members.end(), [&](std::size_t a, std::size_t b) {
      return table.rules[a].priority < table.rules[b].priority;
    });
  for (std::size_t i = 0; i < n; ++i) {
    if (!conj[i]) continue;
    const Rule& r = table.rules[i];
    const std::vector<std::string> names = names_of(*conj[i]);
    std::size_t checks = 0, best = n;
    auto try_bucket = [&](const std::vector<std::size_t>& members) {
      for (std::size_t a : members) {
        const Rule& ra = table.rules[a];
        if (ra.priority >= r.priority || checks >= kMaxShadowChecks) break;
        if (a == i || !preempts(ra, r)) continue;
        ++checks;
        if (a < best && guard_subset(ra, r) && implies(*conj[i], *conj[a])) best = a;
      }
    };
    if (names.size() <= kMaxSubsetNames) {
      for (std::size_t mask = 0; mask < (std::size_t(1) << names.size()); ++mask) {
        std::string key;
        for (std::size_t b = 0; b < names.size(); ++b)
          if (mask & (std::size_t(1) << b)) key += names[b] + "\n";
        if (auto it = index.find(key); it != index.end()) try_bucket(it->second);
      }
    } else {
      for (const auto& [key, members] : index) {
        auto theirs = names_of(*conj[members.front()]);
        if (std::includes(names.begin(), names.end(), theirs.begin(), theirs.end()))
          try_bucket(members);
      }
    }
    if (best == n) continue;
    const Rule& a = table.rules[best];
    diags.error(r.where, "rule '" + r.id + "' can never fire: rule '" + a.id + "' (priority " +
                             std::to_string(a.priority) + " < " + std::to_string(r.priority) +
                             ") needs no capability this one lacks and its condition '" +
                             a.when_text + "' holds whenever this one's does");
  }
}

}  // namespace solver::rules
