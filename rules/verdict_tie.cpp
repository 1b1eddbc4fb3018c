#include "rules/verdict_tie.h"

#include <algorithm>

namespace solver::rules {

void mark_tie(const EvolutionConfig& ev, MatchResult& out) {
  out.tie = nullptr;
  out.tie_margin = 0;
  out.tie_unexplained = false;
  if (!out.fired || ev.tie_margin <= 0) return;
  const RankedRule* fired = nullptr;
  for (const RankedRule& rr : out.ranked)
    if (rr.rule == out.fired) fired = &rr;
  if (!fired || !fired->raw_estimate) return;
  bool above = true;  // still walking the rules ranked above the fired one
  for (const RankedRule& rr : out.ranked) {
    if (rr.rule == out.fired) {
      above = false;
      continue;
    }
    if (!rr.raw_estimate || rr.rule->bottleneck == out.fired->bottleneck) continue;
    const double top = std::max(rr.score, fired->score);
    const double margin = top > 0 ? (fired->score - rr.score) / top : 0.0;
    if (above || rr.score >= (1 - ev.tie_margin) * fired->score) {
      out.tie = rr.rule;
      out.tie_margin = margin;
    }
    break;  // the first other class decides: the ranking is by score below the fired rule
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
