#include "engine/loop/evolver.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "rules/hypotheses.h"
#include "rules/rule_lint.h"
#include "rules/signals.h"

namespace solver::engine {

namespace {

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// Signals a proposed condition may test: the rates, fractions and per-request ratios that
// describe *why* a kernel is slow. Sizes, counts, clocks and times describe the problem or the
// variant's identity and would make a condition that merely names one kernel.
bool proposable(const rules::SignalDef& d) {
  if (d.type != rules::ValueType::Number) return false;
  std::string_view unit = d.unit;
  if (unit.rfind("fraction", 0) == 0) return true;
  static const char* extra[] = {"sectors_per_request", "bank_conflicts_per_request",
                                "arith_intensity", "waves"};
  for (const char* e : extra)
    if (d.name == e) return true;
  return false;
}

std::optional<double> number_of(const rules::SignalSet& s, std::string_view name) {
  const rules::Value& v = s.get(name);
  if (auto* d = std::get_if<double>(&v); d && std::isfinite(*d)) return *d;
  return std::nullopt;
}

// The shortest decimal strictly inside (lo, hi), near their midpoint.
std::string threshold_between(double lo, double hi) {
  double mid = (lo + hi) / 2;
  for (int digits = 1; digits <= 10; ++digits) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, mid);
    double t = std::strtod(buf, nullptr);
    if (t > lo && t < hi) return buf;
  }
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", mid);
  return buf;
}

}  // namespace

DerivedCondition derive_condition(const std::vector<rules::SignalSet>& positives,
                                  const std::vector<rules::SignalSet>& negatives,
                                  const std::vector<std::string_view>& allowed) {
  DerivedCondition out;
  if (positives.empty() || negatives.empty()) {
    out.why = "needs at least one success and one counter-example";
    return out;
  }
  struct Split {
    std::string name;
    double score;
    int dir;
    std::string text, evidence;
  };
  std::vector<Split> splits;
  for (const auto& def : rules::signal_table()) {
    if (!proposable(def)) continue;
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), def.name) == allowed.end())
      continue;
    double pmin = INFINITY, pmax = -INFINITY, nmin = INFINITY, nmax = -INFINITY;
    bool complete = true;
    for (const auto& s : positives) {
      auto v = number_of(s, def.name);
      if (!v) {
        complete = false;
        break;
      }
      pmin = std::min(pmin, *v), pmax = std::max(pmax, *v);
    }
    for (const auto& s : negatives) {
      if (!complete) break;
      auto v = number_of(s, def.name);
      if (!v) {
        complete = false;
        break;
      }
      nmin = std::min(nmin, *v), nmax = std::max(nmax, *v);
    }
    if (!complete) continue;
    std::string name(def.name);
    auto scale = [](double a, double b) { return std::max({std::fabs(a), std::fabs(b), 1e-9}); };
    if (pmax < nmin) {
      double score = (nmin - pmax) / scale(pmax, nmin);
      splits.push_back({name, score, -1, name + " < " + threshold_between(pmax, nmin),
                        name + " " + fmt(pmax) + " where it worked vs >= " + fmt(nmin)});
    } else if (pmin > nmax) {
      double score = (pmin - nmax) / scale(pmin, nmax);
      splits.push_back({name, score, +1, name + " > " + threshold_between(nmax, pmin),
                        name + " " + fmt(pmin) + " where it worked vs <= " + fmt(nmax)});
    }
  }
  if (splits.empty()) {
    out.why = allowed.empty()
                  ? "no measured signal separates the successes from the counter-examples"
                  : "none of the hypothesis's evidence signals separates the successes from "
                    "the counter-examples";
    return out;
  }
  std::stable_sort(splits.begin(), splits.end(),
                   [](const Split& a, const Split& b) { return a.score > b.score; });
  out.text = splits[0].text;
  out.why = splits[0].evidence;
  out.signals.push_back(splits[0].name);
  out.direction = splits[0].dir;
  // A second signal only when it separates clearly too: it narrows the rule to the situation
  // actually seen rather than everything on one side of a single threshold.
  if (splits.size() > 1 && splits[1].score >= 0.1) {
    out.text += " and " + splits[1].text;
    out.why += "; " + splits[1].evidence;
    out.signals.push_back(splits[1].name);
  }
  return out;
}

void Evolver::credit(rules::Rule& rule, double delta, bool success, bool failure,
                     const std::string& why, const RoundRecord& r,
                     std::vector<EvolutionEvent>& out) {
  const auto& ev = table_.evolution;
  double before = rule.confidence;
  rule.confidence = std::clamp(rule.confidence + delta, 0.0, 1.0);
  ++rule.provenance.trials;
  if (success) ++rule.provenance.successes;
  if (failure) ++rule.provenance.failures;
  (void)ev;
  out.push_back({delta >= 0 ? "reward" : "penalty", rule.id, why, before, rule.confidence});
  check_status(rule, r, out);
}

void Evolver::check_status(rules::Rule& rule, const RoundRecord& r,
                           std::vector<EvolutionEvent>& out) {
  const auto& ev = table_.evolution;
  const auto& p = rule.provenance;
  std::string at = r.problem + " round " + std::to_string(r.round);
  auto event = [&](const char* kind, rules::RuleStatus to, const std::string& why) {
    rule.status = to;
    std::string line = std::string(kind) + " at " + at + ": " + why;
    rule.provenance.events.push_back(line);
    out.push_back({kind, rule.id, line, rule.confidence, rule.confidence});
  };
  if (rule.status == rules::RuleStatus::Retired) return;
  if (p.trials >= ev.min_trials && rule.confidence < ev.retire_below) {
    event("retired", rules::RuleStatus::Retired,
          "confidence " + fmt(rule.confidence) + " < " + fmt(ev.retire_below) + " after " +
              std::to_string(p.trials) + " trials (" + std::to_string(p.successes) + " kept, " +
              std::to_string(p.failures) + " failed)");
  } else if (rule.status == rules::RuleStatus::Probation && p.successes >= ev.probation_trials) {
    event("probation-passed", rules::RuleStatus::Active,
          std::to_string(p.successes) + " kept rounds (probation needs " +
              std::to_string(ev.probation_trials) + ")");
  } else if (rule.status == rules::RuleStatus::Active && p.trials >= ev.min_trials &&
             rule.confidence > ev.promote_above) {
    event("promoted", rules::RuleStatus::Promoted,
          "confidence " + fmt(rule.confidence) + " > " + fmt(ev.promote_above) + " after " +
              std::to_string(p.trials) + " trials");
  }
}

// Estimate against achievement (docs/rules.md, "Calibration"): a measured candidate (kept, or
// rejected as slower or the same; an ambiguous verdict teaches nothing) of a rule that was
// ranked with an estimate adds that estimate and the share of time the candidate removed,
// 1 - candidate time / incumbent time (0 when it was not faster), to the rule's sums.
void Evolver::calibrate(rules::Rule* rule, const RoundRecord& r, std::vector<EvolutionEvent>& out) {
  if (!rule || !r.verdict || r.verdict->verdict == Verdict::Ambiguous) return;
  if (r.outcome != Outcome::Kept && r.outcome != Outcome::Rejected) return;
  std::optional<double> estimate;
  for (const auto& entry : r.match.ranked)
    if (entry.value("rule", "") == rule->id && entry.contains("estimate") &&
        entry["estimate"].is_number())
      estimate = entry["estimate"].get<double>();
  if (!estimate) return;
  double ratio = r.verdict->median_ratio;  // incumbent / candidate
  double achieved = ratio > 1 ? std::clamp(1 - 1 / ratio, 0.0, 1.0) : 0.0;
  rules::Calibration& c = rule->calibration;
  double before = c.factor();
  c.samples += 1;
  c.estimated += *estimate;
  c.achieved += achieved;
  out.push_back({"calibration", rule->id,
                 "estimated " + fmt(*estimate) + ", achieved " + fmt(achieved) + " at " +
                     r.problem + " round " + std::to_string(r.round) + ": factor " + fmt(before) +
                     " -> " + fmt(c.factor()) + " over " + std::to_string(c.samples) +
                     " candidate(s)",
                 rule->confidence, rule->confidence});
}

std::vector<EvolutionEvent> Evolver::observe(const RoundRecord& r) {
  std::vector<EvolutionEvent> out;
  const auto& ev = table_.evolution;
  rules::Rule* fired = r.match.fired.empty() ? nullptr : table_.find(r.match.fired);
  rules::Rule* credited = r.credited_rule.empty() ? nullptr : table_.find(r.credited_rule);
  // Kept on a tie (knob_screen.h, tie_keep): no measurable gain, so no evidence for or against
  // any rule, and nothing to propose a rule from (left out of the history too).
  if (r.tie_kept) return out;

  // Exploring means the fired rule's own hypothesis had no variant: the pool's limit, not
  // evidence against the rule (neutral), whatever the explored candidate then did.
  if (r.explored && fired && fired != credited && r.outcome != Outcome::Stop && !fired->stop)
    out.push_back({"neutral", fired->id,
                   "no variant for " + fired->hypothesis + " at " + r.problem + " round " +
                       std::to_string(r.round) + "; explored " + r.hypothesis +
                       ": the pool's limit, hypothesis untested",
                   fired->confidence, fired->confidence});
  // A stop rule the ON track explored past (untried points were left): wrong when the explored
  // candidate was kept, the kernel was not at a ceiling; a rejection says nothing new.
  if (r.explored && fired && fired->stop && r.outcome == Outcome::Kept)
    credit(*fired, -ev.penalty, false, true,
           "stop rule fired at " + r.problem + " round " + std::to_string(r.round) +
               " but the explored " + r.candidate + " was kept: not at a ceiling",
           r, out);

  std::string at = r.problem + " round " + std::to_string(r.round);
  calibrate(credited, r, out);
  switch (r.outcome) {
    case Outcome::Kept: {
      if (!credited) break;
      double delta = ev.reward;
      std::string why = "kept " + r.candidate + " at " + at;
      if (credited->expect && r.candidate_signals) {
        const auto& ex = *credited->expect;
        auto before = number_of(r.signals, ex.signal);
        auto after = number_of(*r.candidate_signals, ex.signal);
        bool met = before && after && (*after - *before) * ex.direction > 0;
        std::string moved = ex.signal + " " + (before ? fmt(*before) : "missing") + " -> " +
                            (after ? fmt(*after) : "missing") + ", expected " +
                            (ex.direction > 0 ? "up" : "down");
        out.push_back({met ? "expect-met" : "expect-failed", credited->id, moved,
                       credited->confidence, credited->confidence});
        if (!met) {
          delta = ev.reward / 2;
          why += " (half credit: " + moved + ")";
        }
      }
      credit(*credited, delta, true, false, why, r, out);
      break;
    }
    case Outcome::Rejected:
      if (!credited) break;
      if (r.verdict && r.verdict->verdict == Verdict::Ambiguous) {
        out.push_back({"neutral", credited->id, "ambiguous verdict at " + at + ": no change",
                       credited->confidence, credited->confidence});
        break;
      }
      credit(*credited, -ev.penalty, false, true,
             "rejected " + r.candidate + " at " + at + " (" +
                 (r.verdict ? to_string(r.verdict->verdict) : "no verdict") + ")",
             r, out);
      break;
    case Outcome::NoVariant:
      if (fired && !r.explored)
        out.push_back({"neutral", fired->id,
                       "no variant for " + fired->hypothesis + " at " + at +
                           ": the pool's limit, hypothesis untested",
                       fired->confidence, fired->confidence});
      break;
    case Outcome::GateFailed:
      if (credited)
        out.push_back({"neutral", credited->id, "gate failed at " + at + ": hypothesis untested",
                       credited->confidence, credited->confidence});
      break;
    case Outcome::GeneratorFailed:  // the generator broke, the hypothesis was never tested
      if (credited)
        out.push_back({"neutral", credited->id,
                       "generator failed at " + at + ": hypothesis untested", credited->confidence,
                       credited->confidence});
      break;
    case Outcome::NotRecorded:  // the recording cannot say: nothing was measured
      if (credited)
        out.push_back({"neutral", credited->id, "not recorded at " + at + ": hypothesis untested",
                       credited->confidence, credited->confidence});
      break;
    case Outcome::Refused:
      if (credited)
        out.push_back({"neutral", credited->id, "candidate refused at " + at + ": " + r.detail,
                       credited->confidence, credited->confidence});
      break;
    case Outcome::Stop:
    case Outcome::Converged:
      break;
  }
  if (r.outcome == Outcome::Kept && r.explored && !credited && !r.hypothesis.empty())
    propose(r, out);
  history_.push_back(r);
  return out;
}

void Evolver::propose(const RoundRecord& r, std::vector<EvolutionEvent>& out) {
  std::vector<rules::SignalSet> positives{r.signals}, negatives;
  int earlier_wins = 0, failures = 0;
  for (const auto& h : history_) {
    if (h.track != "on" || h.hypothesis != r.hypothesis) continue;
    if (h.outcome == Outcome::Kept && h.explored && h.credited_rule.empty())
      positives.push_back(h.signals), ++earlier_wins;
    if (h.outcome == Outcome::Rejected && h.verdict && h.verdict->verdict != Verdict::Ambiguous)
      negatives.push_back(h.signals), ++failures;
  }
  if (r.candidate_signals) negatives.push_back(*r.candidate_signals);
  DerivedCondition cond =
      derive_condition(positives, negatives, rules::hypothesis_evidence(r.hypothesis));
  std::string at = r.problem + " round " + std::to_string(r.round);
  if (cond.text.empty()) {
    out.push_back({"proposal-skipped", "", r.hypothesis + " at " + at + ": " + cond.why, 0, 0});
    return;
  }
  rules::Diagnostics diags;
  // The table's resolver: a condition may name its derived signals as well as the measured
  // ones, and the table written back keeps their definitions (rule_dump.cpp).
  auto expr = rules::Expression::parse(cond.text, rules::SourceLocation{"(proposed)", 0, 0},
                                       table_.resolver(), diags, rules::ValueType::Bool);
  // The derivation guarantees the split; checking it through the real evaluator guards
  // against any disagreement between the two (formatting, missing values, chip binding).
  std::vector<rules::Value> slots(rules::rule_slot_count());
  bool sound = expr.has_value();
  for (const auto& s : positives) {
    if (!sound) break;
    rules::bind_slots(s, chip_, slots);
    sound = expr->evaluate_bool(slots);
  }
  for (const auto& s : negatives) {
    if (!sound) break;
    rules::bind_slots(s, chip_, slots);
    sound = !expr->evaluate_bool(slots);
  }
  if (!sound) {
    out.push_back({"proposal-skipped", "",
                   r.hypothesis + " at " + at + ": derived '" + cond.text +
                       "' did not check out against its examples",
                   0, 0});
    return;
  }
  int n = 1;
  std::string id;
  do id = "proposed_" + r.hypothesis + "_" + std::to_string(n++);
  while (table_.find(id));
  const rules::Rule* gap = r.match.fired.empty() ? nullptr : table_.find(r.match.fired);
  int priority = 0;
  if (gap)
    priority = gap->priority - 1;
  else
    for (const auto& rule : table_.rules) priority = std::max(priority, rule.priority + 1);

  rules::Rule rule;
  rule.id = id;
  rule.when_text = cond.text;
  rule.when = std::move(expr);
  rule.hypothesis = r.hypothesis;
  rule.priority = priority;
  rule.status = rules::RuleStatus::Probation;
  // The table the run writes must load again (rules/rule_lint.h): a proposal that a rule of a
  // lower priority number always pre-empts could never fire, and one whose condition holds
  // wherever a later rule's does would leave that rule unable to fire; the loader refuses both.
  // (A derived condition as broad as `flop_frac < 0.5`, placed just above the rule that fired,
  // covered three rules of the table in a k-fold transfer run.) Such a proposal is skipped.
  // Checked on a copy: appending to table_ itself would move its rules, and the rule pointers
  // a caller holds (the round's match, `gap` above) with them.
  {
    rules::RuleTable probe = table_;
    probe.rules.push_back(rule);
    const rules::Rule* added = &probe.rules.back();
    std::string why;
    if (const rules::Rule* over = rules::shadowing_rule(probe, *added))
      why = "could never fire (rule '" + over->id + "' takes its place)";
    for (std::size_t i = 0; i + 1 < probe.rules.size() && why.empty(); ++i)
      if (rules::shadowing_rule(probe, probe.rules[i]) == added)
        why = "at priority " + std::to_string(priority) + " would leave rule '" +
              probe.rules[i].id + "' unable to fire";
    if (!why.empty()) {
      out.push_back({"proposal-skipped", "",
                     r.hypothesis + " at " + at + ": derived '" + cond.text + "' " + why, 0, 0});
      return;
    }
  }
  double gain = r.verdict ? r.verdict->median_ratio : 0;
  rule.rationale = "proposed: " + r.hypothesis + " made " + r.problem + " " + fmt(gain) +
                   "x faster at round " + std::to_string(r.round) + " when no rule named it (" +
                   cond.why + ")";
  if (r.candidate_signals && !cond.signals.empty())
    rule.expect = rules::Expectation{cond.signals[0], -cond.direction};
  rule.status = rules::RuleStatus::Probation;
  rule.confidence = table_.evolution.probation_confidence;
  rule.provenance.origin = "proposed at " + at + " from " + std::to_string(1 + earlier_wins) +
                           " success(es) and " + std::to_string(negatives.size()) +
                           " counter-example(s)";
  rule.provenance.events.push_back("proposed at " + at + ": " + cond.why);
  rule.where = rules::SourceLocation{"(proposed)", 0, 0};
  out.push_back({"proposed", id,
                 id + ": when " + cond.text + " -> " + r.hypothesis + " (priority " +
                     std::to_string(priority) + (gap ? ", just above " + gap->id : "") +
                     ", probation)",
                 rule.confidence, rule.confidence});
  table_.rules.push_back(std::move(rule));
  (void)failures;
}

}  // namespace solver::engine
