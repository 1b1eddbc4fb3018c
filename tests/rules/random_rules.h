// Random rule tables, signal sets and slot vectors from a fixed seed, and an exact comparison
// of match results: what the compiled rule program's equivalence tests (issue 29) are made of.
#pragma once
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "rules/matcher.h"

namespace solver::rules::test {

// --- exact comparison ------------------------------------------------------------------------

inline bool same_double(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

inline bool same_value(const Value& a, const Value& b) {
  if (a.index() != b.index()) return false;
  if (const double* x = std::get_if<double>(&a)) return same_double(*x, std::get<double>(b));
  return a == b;
}

inline std::string id_of(const Rule* r) { return r ? r->id : "(none)"; }

// "" when the two results are the same in every field, bit for bit; else the first difference.
inline std::string difference(const MatchResult& a, const MatchResult& b) {
  std::ostringstream o;
  if (a.fired != b.fired) o << "fired " << id_of(a.fired) << " vs " << id_of(b.fired);
  if (a.ranked.size() != b.ranked.size()) o << "; ranked size";
  for (std::size_t i = 0; i < std::min(a.ranked.size(), b.ranked.size()); ++i) {
    const RankedRule& x = a.ranked[i];
    const RankedRule& y = b.ranked[i];
    if (x.rule != y.rule || !same_double(x.evidence, y.evidence) ||
        x.raw_estimate.has_value() != y.raw_estimate.has_value() ||
        (x.raw_estimate && !same_double(*x.raw_estimate, *y.raw_estimate)) ||
        !same_double(x.estimate, y.estimate) || !same_double(x.calibration, y.calibration) ||
        !same_double(x.score, y.score))
      o << "; ranked[" << i << "] " << id_of(x.rule) << " (evidence " << x.evidence << ", score "
        << x.score << ") vs " << id_of(y.rule) << " (evidence " << y.evidence << ", score "
        << y.score << ")";
  }
  auto pairs = [&](const char* what, const auto& p, const auto& q) {
    bool same = p.size() == q.size();
    for (std::size_t i = 0; same && i < p.size(); ++i)
      same = p[i].first == q[i].first && same_value(p[i].second, q[i].second);
    if (!same) o << "; " << what;
  };
  pairs("estimate_inputs", a.estimate_inputs, b.estimate_inputs);
  pairs("evidence", a.evidence, b.evidence);
  bool blocked = a.blocked.size() == b.blocked.size();
  for (std::size_t i = 0; blocked && i < a.blocked.size(); ++i)
    blocked = a.blocked[i].rule == b.blocked[i].rule &&
              a.blocked[i].missing_caps == b.blocked[i].missing_caps &&
              a.blocked[i].condition_true == b.blocked[i].condition_true;
  if (!blocked) o << "; blocked";
  if (a.outranked != b.outranked) o << "; outranked";
  bool undecided = a.undecided.size() == b.undecided.size();
  for (std::size_t i = 0; undecided && i < a.undecided.size(); ++i)
    undecided = a.undecided[i].rule == b.undecided[i].rule &&
                a.undecided[i].missing == b.undecided[i].missing &&
                a.undecided[i].outranks_fired == b.undecided[i].outranks_fired;
  if (!undecided) o << "; undecided";
  if (a.missing_signals != b.missing_signals) o << "; missing_signals";
  return o.str();
}

// --- random inputs ---------------------------------------------------------------------------

// Every numeric literal in the table's expressions: random values are drawn near them, so the
// graded evidence's margins and the exact thresholds are exercised, not only far misses.
inline std::vector<double> table_constants(const RuleTable& t) {
  std::vector<double> out{0.0, 1.0};
  std::vector<const ExprNode*> todo;
  for (const auto& r : t.rules) {
    if (r.when) todo.push_back(&r.when->root());
    if (r.estimate) todo.push_back(&r.estimate->root());
  }
  while (!todo.empty()) {
    const ExprNode* n = todo.back();
    todo.pop_back();
    if (n->kind == ExprNode::Kind::Number) out.push_back(n->number);
    for (const auto& c : n->children) todo.push_back(c.get());
  }
  return out;
}

class RandomInputs {
 public:
  RandomInputs(std::uint64_t seed, std::vector<double> constants)
      : rng_(seed), constants_(std::move(constants)) {}

  double uniform() { return u_(rng_); }
  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(uniform() * n) % n; }

  double number() {
    double c = constants_[pick(constants_.size())];
    double x = uniform();
    if (x < 0.30) return c;                                  // exactly at a threshold
    if (x < 0.65) return c * (1 + 0.5 * (uniform() - 0.5));  // within the graded margin
    if (x < 0.70) return std::nextafter(c, uniform() < 0.5 ? -1e300 : 1e300);
    if (x < 0.85) return uniform();                     // a fraction
    if (x < 0.93) return std::exp(uniform() * 20 - 5);  // a count, a size, a time
    if (x < 0.97) return -uniform() * 10;
    return 0.0;
  }

  std::string text() {
    static const char* kTexts[] = {"fp32", "fp16",      "bf16", "tf32", "fp64",
                                   "smem", "registers", "",     "FP32", "warps"};
    return kTexts[pick(std::size(kTexts))];
  }

  // A value of `type`, now and then one a signal of that type cannot hold.
  Value value(ValueType type, bool odd) {
    if (odd) {
      double x = uniform();
      if (x < 0.25) return std::numeric_limits<double>::infinity();
      if (x < 0.5) return std::numeric_limits<double>::quiet_NaN();
      if (x < 0.75) return type == ValueType::Bool ? Value(0.0) : Value(true);
      return type == ValueType::String ? Value(1.0) : Value(text());
    }
    switch (type) {
      case ValueType::Number:
        return number();
      case ValueType::Bool:
        return uniform() < 0.5;
      case ValueType::String:
        return text();
    }
    return {};
  }

  // Every signal of the vocabulary, each missing with probability `p_missing`, about one in
  // fifty of another type or not finite, plus a name no rule can read.
  SignalSet signal_set(double p_missing) {
    SignalSet s;
    for (const auto& def : signal_table()) {
      if (uniform() < p_missing) continue;
      s.set(std::string(def.name), value(def.type, uniform() < 0.02));
    }
    if (uniform() < 0.1) s.set("not_a_signal", number());
    return s;
  }

  // Slots as match_bound takes them: bound from a signal set, then some overwritten with
  // values bind_signal_slots never produces (not finite, another type).
  std::vector<Value> bound_slots(double p_missing) {
    std::vector<Value> slots(static_cast<std::size_t>(rule_slot_count()));
    bind_signal_slots(signal_set(p_missing), slots);
    auto table = signal_table();
    for (std::size_t i = 0; i < table.size(); ++i)
      if (uniform() < 0.03) slots[i] = value(table[i].type, true);
    if (uniform() < 0.2) slots.resize(pick(table.size()));  // shorter than the table
    return slots;
  }

  std::mt19937_64& rng() { return rng_; }

 private:
  std::mt19937_64 rng_;
  std::uniform_real_distribution<double> u_{0.0, 1.0};
  std::vector<double> constants_;
};

// Random expressions over the whole vocabulary: every operator, function and type.
class RandomExpressions {
 public:
  explicit RandomExpressions(RandomInputs& in) : in_(in) {
    for (const auto& s : signal_table()) {
      auto& list = s.type == ValueType::Number ? numbers_
                   : s.type == ValueType::Bool ? bools_
                                               : strings_;
      list.emplace_back(s.name);
    }
    for (const auto& c : known_capabilities()) bools_.push_back("chip." + c);
    for (const auto& c : chip_numeric_properties()) numbers_.push_back("chip." + c);
  }

  std::string literal() {
    std::ostringstream o;
    o.precision(17);
    double c = in_.number();
    if (in_.uniform() < 0.3) c = std::round(c * 100) / 100;
    o << c;
    return o.str();
  }

  std::string number(int depth) {
    double x = in_.uniform();
    if (depth <= 0 || x < 0.35) return numbers_[in_.pick(numbers_.size())];
    if (x < 0.45) return literal();
    static const char* kOps[] = {"+", "-", "*", "/", "%"};
    if (x < 0.70)
      return "(" + number(depth - 1) + " " + kOps[in_.pick(5)] + " " + number(depth - 1) + ")";
    if (x < 0.80) {
      std::string s = in_.uniform() < 0.5 ? "min(" : "max(";
      int n = 2 + static_cast<int>(in_.pick(3));
      for (int i = 0; i < n; ++i) s += (i ? ", " : "") + number(depth - 1);
      return s + ")";
    }
    if (x < 0.88) return "given(" + number(depth - 1) + ", " + number(depth - 1) + ")";
    static const char* kUnary[] = {"abs(", "floor(", "ceil(", "log2(", "-("};
    if (x < 0.96) return kUnary[in_.pick(5)] + number(depth - 1) + ")";
    return "ceil_div(" + number(depth - 1) + ", " + number(depth - 1) + ")";
  }

  std::string comparison(int depth) {
    static const char* kCmp[] = {"<", "<=", ">", ">=", "==", "!="};
    std::string lhs = in_.uniform() < 0.7 ? numbers_[in_.pick(numbers_.size())] : number(depth);
    std::string rhs = in_.uniform() < 0.8 ? literal() : number(depth);
    return lhs + " " + kCmp[in_.pick(in_.uniform() < 0.9 ? 4 : 6)] + " " + rhs;
  }

  std::string boolean(int depth) {
    double x = in_.uniform();
    if (depth <= 0 || x < 0.45) return comparison(depth - 1);
    if (x < 0.55) return bools_[in_.pick(bools_.size())];
    if (x < 0.62) return "not (" + boolean(depth - 1) + ")";
    if (x < 0.88) {
      const char* op = in_.uniform() < 0.6 ? " and " : " or ";
      int n = 2 + static_cast<int>(in_.pick(3));
      std::string s = "(";
      for (int i = 0; i < n; ++i) s += (i ? op : "") + boolean(depth - 1);
      return s + ")";
    }
    if (x < 0.93)
      return strings_[in_.pick(strings_.size())] + (in_.uniform() < 0.5 ? " == \"" : " != \"") +
             in_.text() + "\"";
    if (x < 0.96) return "(" + boolean(depth - 1) + ") == (" + boolean(depth - 1) + ")";
    if (x < 0.98) return "is_pow2(" + number(depth - 1) + ")";
    return in_.uniform() < 0.5 ? "true" : "false";
  }

 private:
  RandomInputs& in_;
  std::vector<std::string> numbers_, bools_, strings_;
};

inline Expression parse_or_fail(const std::string& text, ValueType type) {
  Diagnostics diags;
  auto e = Expression::parse(text, SourceLocation{"random", 1, 1}, rule_resolver(), diags, type);
  if (!e) FAIL("random expression did not parse: " << text);
  return *e;
}

// A table of `n` random rules built in code (no loader: a random condition may well be one the
// linter refuses, and the matcher must still agree on it).
inline RuleTable random_table(RandomInputs& in, int n) {
  RandomExpressions gen(in);
  RuleTable t;
  t.file = "random";
  const double margins[] = {0.0, 0.2, 0.2, 0.5, 1.0};
  const double evidences[] = {0.0, 0.5, 0.5, 0.9, 1.0};
  t.evolution.soft_margin = margins[in.pick(5)];
  t.evolution.min_evidence = evidences[in.pick(5)];
  for (int i = 0; i < n; ++i) {
    Rule r;
    r.id = "r" + std::to_string(i);
    std::string when;
    do when = gen.boolean(1 + static_cast<int>(in.pick(3)));
    while (when.size() > 2000);
    r.when = parse_or_fail(when, ValueType::Bool);
    r.when_text = r.when->text();
    if (in.uniform() < 0.8) {
      std::string estimate;
      do estimate = gen.number(static_cast<int>(in.pick(4)));
      while (estimate.size() > 2000);
      r.estimate = parse_or_fail(estimate, ValueType::Number);
      r.estimate_text = r.estimate->text();
    }
    r.priority = static_cast<int>(in.pick(8)) * 5 - (in.uniform() < 0.1 ? 5 : 0);
    r.stop = in.uniform() < 0.2;
    r.confidence = std::round(in.uniform() * 10) / 10;
    if (in.uniform() < 0.1) r.status = RuleStatus::Retired;
    if (in.uniform() < 0.25) {
      const auto& caps = known_capabilities();
      r.requires_caps.push_back(in.uniform() < 0.05 ? "no_such_cap" : caps[in.pick(caps.size())]);
    }
    if (in.uniform() < 0.3) {
      r.calibration.samples = 1 + static_cast<int>(in.pick(5));
      r.calibration.estimated = in.uniform() * 3;
      r.calibration.achieved = in.uniform() * 2;
    }
    t.rules.push_back(std::move(r));
  }
  return t;
}

}  // namespace solver::rules::test
