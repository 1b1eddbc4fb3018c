#include "rules/verdict_tie.h"

#include <algorithm>

namespace solver::rules {

namespace {
// How far a near miss's evidence weight moves when the signal it misses on moves by
// ev.tie_spread of its value: the weight falls from 1 to 0 over soft_margin x (1 -
// min_evidence) of the threshold, so a relative move r moves it by r over that.
double weight_spread(const EvolutionConfig& ev) {
  const double span = ev.soft_margin * (1 - ev.min_evidence);
  return span > 0 ? ev.tie_spread / span : 0.0;
}
}  // namespace

void mark_tie(const EvolutionConfig& ev, MatchResult& out) {
  out.tie = nullptr;
  out.tie_margin = 0;
  out.tie_unexplained = false;
  if (!out.fired || ev.tie_margin <= 0) return;
  const RankedRule* fired = nullptr;
  for (const RankedRule& rr : out.ranked)
    if (rr.rule == out.fired) fired = &rr;
  if (!fired || !fired->raw_estimate) return;
  const double dw = weight_spread(ev);
  // The score a rule would have at evidence weight w (its estimate, calibration, confidence).
  auto at = [](const RankedRule& rr, double w) {
    return w * rr.estimate * rr.calibration * rr.rule->confidence;
  };
  // The fired rule's lowest score within the spread (a near miss may lose weight) and each
  // other class's highest (a near miss may gain it, up to a rule that holds).
  const double fired_low =
      fired->holds() ? fired->score : at(*fired, std::max(0.0, fired->evidence - dw));
  const RankedRule* best = nullptr;
  double best_high = -1;
  bool above = true;  // still walking the rules ranked above the fired one
  for (const RankedRule& rr : out.ranked) {
    if (rr.rule == out.fired) {
      above = false;
      continue;
    }
    if (!rr.raw_estimate || rr.rule->bottleneck == out.fired->bottleneck) continue;
    const double high = rr.holds() ? rr.score : at(rr, std::min(1.0, rr.evidence + dw));
    // A rule ranked above the fired one is a stop rule on a near miss: one crossing of its
    // threshold makes it the verdict.
    if ((above || high >= (1 - ev.tie_margin) * fired_low) && (above || high > best_high)) {
      if (above && best) continue;  // the first stop rule above decides
      best = &rr;
      best_high = above ? 2.0 : high;
    }
  }
  if (best) {
    out.tie = best->rule;
    const double top = std::max(best->score, fired->score);
    out.tie_margin = top > 0 ? (fired->score - best->score) / top : 0.0;
  }
  if (ev.min_explained > 0) {
    const double lo = ev.min_explained * (1 - ev.tie_margin);
    const double hi = ev.min_explained / (1 - ev.tie_margin);
    out.tie_unexplained = out.explained >= lo && out.explained < hi;
  }
}

double near_weight(double degree, double min_evidence) {
  if (min_evidence >= 1) return degree;
  return std::clamp((degree - min_evidence) / (1 - min_evidence), 0.0, 1.0);
}

}  // namespace solver::rules
