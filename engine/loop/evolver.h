// The evolver: turns measured outcomes into changes of the rule table (evolution ON only).
// It is a pure function of the rounds it has observed, in order: the loop calls observe() on
// each finished round to get the round's evolution events, and `--resume` rebuilds the exact
// same table by observing the ledger's records again (docs/loop.md).
//
// Confidence (thresholds from the rules file's `evolution:` block):
//   kept                         credited rule +reward, a success
//   kept, `expect` not met       +reward/2 (a half success: the change helped, but not the way
//                                the rule predicted; the event says which signal did not move)
//   rejected (slower / same)     credited rule -penalty, a failure
//   rejected (ambiguous)         nothing: noise teaches nothing
//   no-variant                   nothing: the pool lacks the rewrite, the diagnosis is untested
//                                (a carried table must not retire a rule for one pool's gaps)
//   gate-failed                  nothing: the variant was broken, the hypothesis untested
//   stop / converged             nothing
// Calibration: every kept or (not ambiguously) rejected candidate of a rule ranked with an
// estimate adds (estimate, achieved share of time removed) to the rule's calibration sums;
// its factor scales the rule's rank from then on (a rule whose estimates run high loses rank).
// After each change: retire when trials >= min_trials and confidence < retire_below; promote
// an active rule when trials >= min_trials and confidence > promote_above; a probation rule
// becomes active after probation_trials successes.
//
// Proposals: a kept round whose hypothesis came from exploration (no matching rule named it:
// the fired rule had no variant, was retired and left a gap, or nothing fired) is an
// improvement no rule explains. The evolver proposes a rule for that hypothesis whose `when`
// separates the incumbent's signals in such successful rounds (positives) from counter-
// examples: the new incumbent's signals after the improvement, and incumbents where a
// candidate for the same hypothesis was rejected. It takes the 1-2 signals with the widest
// normalised gap, puts each threshold halfway across the gap, parses the text with the real
// expression parser, checks it is true on every positive and false on every counter-example,
// and adds the rule on probation just above (priority - 1) the rule that left the gap.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "engine/loop/ledger.h"
#include "rules/chips.h"
#include "rules/rule_table.h"

namespace solver::engine {

// A condition derived from examples, or why none could be.
struct DerivedCondition {
  std::string text;                  // "load_eff < 0.62 and l2_hit > 0.4"; empty if none separates
  std::string why;                   // the evidence, or why nothing separates
  std::vector<std::string> signals;  // the chosen signals, best first
  int direction = 0;  // for the best signal: -1 when positives lie below the threshold
};

// Picks the 1-2 numeric signals that best separate `positives` from `negatives` (every
// positive on one side, every negative on the other) and builds the condition text. Only
// signals in `allowed` are considered (the hypothesis's evidence list); empty = every
// proposable signal.
DerivedCondition derive_condition(const std::vector<rules::SignalSet>& positives,
                                  const std::vector<rules::SignalSet>& negatives,
                                  const std::vector<std::string_view>& allowed = {});

class Evolver {
 public:
  Evolver(rules::RuleTable& table, const rules::ChipProfile& chip) : table_(table), chip_(chip) {}
  // Applies what `round` teaches to the table and returns the events (also the ledger's).
  std::vector<EvolutionEvent> observe(const RoundRecord& round);

 private:
  void credit(rules::Rule& rule, double delta, bool success, bool failure, const std::string& why,
              const RoundRecord& r, std::vector<EvolutionEvent>& out);
  void check_status(rules::Rule& rule, const RoundRecord& r, std::vector<EvolutionEvent>& out);
  void propose(const RoundRecord& r, std::vector<EvolutionEvent>& out);
  void calibrate(rules::Rule* rule, const RoundRecord& r, std::vector<EvolutionEvent>& out);

  rules::RuleTable& table_;
  const rules::ChipProfile& chip_;
  std::vector<RoundRecord> history_;  // every observed round, in order
};

}  // namespace solver::engine
