// The rule table (rules.yaml, schema version 1): rules that map signals to a bottleneck and a
// hypothesis, with chip-capability guards, plus the evolver's thresholds. Loading lints the
// whole file in one pass (unknown names, type errors, duplicate ids, missing rationale, unknown
// hypotheses, rules that can never fire) and throws InputError with every located problem.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "rules/chips.h"
#include "rules/derived.h"
#include "rules/diagnostics.h"
#include "rules/expression.h"

namespace solver::rules {

enum class RuleStatus { Active, Probation, Promoted, Retired };
const char* to_string(RuleStatus s);
std::optional<RuleStatus> rule_status_from_string(std::string_view s);

struct Expectation {
  std::string signal;  // e.g. "tensor_frac"
  int direction = 0;   // +1 "up", -1 "down"
};

// Evolution history of one rule, written back with the evolved table.
struct Provenance {
  int trials = 0;
  int successes = 0;
  int failures = 0;
  std::string origin = "input";  // "input" or "proposed at <problem> round N from ..."
  std::vector<std::string>
      events;  // "retired at matmul round 7: confidence 0.18 < 0.25 after 4 trials"
};

// Estimate against achievement, learned by the evolver (docs/rules.md, "Estimated gain"):
// over the rule's measured candidates, the sum of its estimates and the sum of the shares of
// kernel time the candidates actually removed (a slower or equal candidate removed 0).
struct Calibration {
  int samples = 0;
  double estimated = 0;  // sum of clamped estimates at the incumbent's signals
  double achieved = 0;   // sum of 1 - candidate time / incumbent time, clamped to [0, 1]
  // achieved / estimated, shrunk toward 1 by a prior of kCalibrationPrior estimated share at
  // ratio 1 and held to [kMinCalibration, kMaxCalibration]: a rule whose estimates run high
  // ranks lower. 1 with no samples.
  double factor() const;
};
inline constexpr double kCalibrationPrior = 0.5;
inline constexpr double kMinCalibration = 0.05;
inline constexpr double kMaxCalibration = 2.0;

struct Rule {
  // The fields the matcher reads on every classification come first, together: with its ~570
  // bytes a rule spans nine cache lines, and the matcher's table-change check and ranking then
  // touch one or two lines of each rule instead of four (issue 29, helper h29p).
  int priority = 100;  // lower fires first
  RuleStatus status = RuleStatus::Active;
  bool stop = false;
  double confidence = 0.5;
  Calibration calibration;
  std::string id;
  std::string when_text;
  std::optional<Expression> when;  // always set after a successful load
  // The share of the kernel's time the hypothesis would remove if it worked: a number
  // expression over the signals, clamped to [0, 1] when ranked (docs/rules.md). Optional: a
  // rule without one ranks after every rule with one.
  std::string estimate_text;
  std::optional<Expression> estimate;
  std::vector<std::string> requires_caps;
  std::string hypothesis;
  // What this rule says limits the kernel, from rules/bottlenecks.h; empty when the rule does
  // not say (`solver eval` then counts its verdict as naming no bottleneck).
  std::string bottleneck;
  std::string rationale;
  std::optional<Expectation> expect;
  Provenance provenance;
  SourceLocation where;  // location of the rule's mapping in the file
};

struct EvolutionConfig {
  double initial_confidence = 0.5;
  double reward = 0.15;   // added on kept
  double penalty = 0.15;  // subtracted on rejected / no-variant
  double retire_below = 0.2;
  int min_trials = 3;  // before a rule may be retired or promoted
  double promote_above = 0.8;
  double probation_confidence = 0.4;  // confidence a proposed rule starts with
  int probation_trials = 2;           // successes needed to leave probation
  double min_gain = 0.01;             // a "faster" verdict needs at least this median gain
  int patience = 3;                   // rounds without a kept candidate before "converged"
  // Graded evidence: a comparison that misses its threshold by under this share of the
  // threshold's magnitude still ranks, with evidence weight falling linearly to 0 at the
  // margin (docs/rules.md, "Graded evidence"); 0 makes every condition crisp.
  double soft_margin = 0.2;
  // A rule ranks on a near miss only when its evidence weight reaches this.
  double min_evidence = 0.5;
  // "No rule explains this" (issue 29): when the rule that fires explains less of the kernel's
  // time than this (evidence x estimate x calibration, its Amdahl share), the verdict is
  // unexplained, with the largest stall and the busiest pipe, not that rule's class
  // (MatchResult::weak). The loop still tries the rule's hypothesis. 0 turns it off.
  double min_explained = 0.05;
  // A verdict whose runner-up of another class scores within this share of the fired rule's
  // score (or a stop rule on a near miss above it), or whose explained share is this close to
  // min_explained, is a tie: both are named (MatchResult::tie, rules/verdict_tie.h). Set from
  // the measured spread of the fired rule's score between two measurements of one kernel
  // (docs/rules.md). 0 turns ties off.
  double tie_margin = 0.1;
  // The relative move of a thresholded signal between two measurements that a tie allows for:
  // a near miss's evidence weight may move by tie_spread / (soft_margin x (1 - min_evidence))
  // either way (rules/verdict_tie.h). Set from the measured spread (docs/rules.md).
  double tie_spread = 0.025;
};

struct RuleTable {
  int version = 1;
  std::string file;  // where it was loaded from
  // Named expressions rules may use like signals (rules/derived.h), in file order.
  std::vector<DerivedSignal> derived;
  std::vector<Rule> rules;
  EvolutionConfig evolution;

  const Rule* find(const std::string& id) const;
  Rule* find(const std::string& id);
  std::string content_hash() const;  // hash of the canonical dump (rules + thresholds)
  // What a rule of this table may name: rule_resolver()'s names, then `derived`. Refers to
  // `derived`, so it must not outlive the table or see it change.
  Resolver resolver() const;
};

// The resolver rules use: signal names (signals.h) and chip.<capability|number>.
// Slot layout: [0, S) signals in signal_table() order, then capabilities, then chip numbers.
Resolver rule_resolver();
int rule_slot_count();
// Fills `slots` (size rule_slot_count()) from signals and a chip profile.
void bind_slots(const struct SignalSet& signals, const ChipProfile& chip,
                std::vector<Value>& slots);
// The two halves of bind_slots, for callers that classify many signal sets on one chip
// (`slots` must already have rule_slot_count() entries).
void bind_signal_slots(const struct SignalSet& signals, std::vector<Value>& slots);
void bind_chip_slots(const ChipProfile& chip, std::vector<Value>& slots);

RuleTable load_rule_table(const std::string& path);
RuleTable parse_rule_table(const std::string& yaml_text, const std::string& file_label);

// Writes the table back as YAML (version 1), with per-rule status, confidence and provenance,
// in the same rule order, so it diffs cleanly against the input.
std::string dump_rule_table(const RuleTable& table);

}  // namespace solver::rules
