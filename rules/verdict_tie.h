// A verdict the next measurement could change (issue 29, helper h29v): the runner-up class
// that a move of the signals within their measured spread would put first, named beside the
// verdict instead of left to a coin toss.
#pragma once
#include "rules/matcher.h"
#include "rules/rule_table.h"

namespace solver::rules {

// Sets out.tie, out.tie_margin and out.tie_unexplained from a finished ranking (out.fired,
// out.ranked, out.explained, out.weak). With nothing fired there is no tie.
//  - tie: the best-ranked rule of another class (bottleneck) that has an estimate and either
//    ranks above the fired rule (a stop rule on a near miss: it needs its condition to hold,
//    so one threshold crossing makes it the verdict) or scores within ev.tie_margin of it
//    (score >= (1 - tie_margin) x the fired rule's score).
//  - tie_margin: how far the runner-up's score is from the fired rule's, relative to the
//    larger of the two (0: equal; negative: the runner-up scores higher but cannot fire).
//  - tie_unexplained: the fired rule's explained share is within ev.tie_margin (relative) of
//    evolution.min_explained, so "no rule explains this" and its class are a tie.
// ev.tie_margin 0 turns ties off.
void mark_tie(const EvolutionConfig& ev, MatchResult& out);

// The evidence weight of a near miss whose condition has soft degree `degree` (in
// [min_evidence, 1)): 1 at the threshold, falling linearly to 0 at min_evidence, where the
// rule stops ranking, so its score has no step there either (a degree of 0.5 against
// min_evidence 0.5 used to weigh half its estimate and, a hair further, nothing).
double near_weight(double degree, double min_evidence);

}  // namespace solver::rules
