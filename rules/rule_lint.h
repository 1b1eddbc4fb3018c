// Whole-table checks of a loaded rule table: the ones no single rule can be judged by alone.
// Today: rules that can never fire because an earlier-priority rule always takes their place.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "rules/diagnostics.h"
#include "rules/expression.h"
#include "rules/rule_table.h"

namespace solver::rules {

// One conjunct of a condition in the decidable fragment: `signal <op> constant` (constant on
// either side, normalised so the signal is on the left) or a boolean signal test (`s`,
// `not s`, normalised to `s == true/false`).
struct Conjunct {
  std::string name;  // signal or chip.<name>
  std::string op;    // < <= > >= == !=
  Value constant;    // double, bool or string
};

// The conjuncts of `e` if it is a conjunction of decidable tests (a literal `true` adds
// nothing); nullopt if any part is outside the fragment (or, arithmetic, calls, ...).
std::optional<std::vector<Conjunct>> decidable_conjuncts(const Expression& e);

// True if every conjunct of `weaker` is implied by some conjunct of `stronger` on the same
// name (so whenever `stronger` holds, `weaker` holds too).
bool implies(const std::vector<Conjunct>& stronger, const std::vector<Conjunct>& weaker);

// Whether `a`, of a lower priority number, ranks ahead of `r` wherever both hold: `a` is the
// gate (priority 0), or `r` has no `estimate:` (rules with a known estimate rank by score,
// before every rule without one; docs/rules.md, "Ranking").
bool preempts(const Rule& a, const Rule& r);

// The rule that makes `r` unreachable: a non-retired rule with a strictly lower priority
// number that pre-empts it (above), a guard that requires a subset of r's capabilities, and a
// condition implied by r's.
// nullptr if there is none, or if the question is not decidable for the pair.
const Rule* shadowing_rule(const RuleTable& table, const Rule& r);

// Adds a located diagnostic for every rule that can never fire.
void lint_rule_table(const RuleTable& table, Diagnostics& diags);

}  // namespace solver::rules
