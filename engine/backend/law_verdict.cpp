#include "engine/backend/law_verdict.h"

#include <algorithm>
#include <sstream>

namespace solver::engine {

PairSamples law_samples(const PairSamples& pairs) {
  PairSamples s;
  s.incumbent_us = pairs.law_incumbent_us;
  s.candidate_us = pairs.law_candidate_us;
  return s;
}

PairedDecision decide_on_law(const PairedDecision& timed, const PairSamples& pairs,
                             const PairPlan& plan) {
  if (timed.verdict != Verdict::Faster) return timed;
  if (pairs.law_incumbent_us.empty() || pairs.law_candidate_us.empty()) return timed;
  PairedDecision d = timed;
  std::ostringstream why;
  why.precision(4);
  if (pairs.law_audited <= 0) {
    d.verdict = Verdict::Ambiguous;
    why << "faster on the timed runs' data (" << timed.reason
        << "), but no run of the candidate's law pairs was audited: a speed on data nothing "
           "verified decides nothing (P6e)";
    d.reason = why.str();
    return d;
  }
  const PairedDecision law = decide(law_samples(pairs), plan.min_gain, kAlpha);
  d.law_ratios = law.ratios;
  // The law pairs' question is "a gain on the law at all" (their one-sided lower bound above
  // 1), not the min gain again: that is the timed pairs' (law_verdict.h says why). A law
  // verdict of "faster" implies it; too few law pairs leave ci_low at 0.
  if (!(law.ci_low > 1.0)) {
    d.verdict = law.verdict;
    d.median_ratio = law.median_ratio;
    d.ci_low = law.ci_low;
    d.ci_high = law.ci_high;
    why << "faster only on the timed runs' data (" << timed.reason
        << "), not on inputs drawn from the declared laws (" << law.reason
        << "): its gain depends on data the harness makes to catch estimators (P6d)";
    d.reason = why.str();
    return d;
  }
  // Their totals are judged with the round's other runs (tail_charge.h, P10t).
  if (law.median_ratio < timed.median_ratio) {
    d.median_ratio = law.median_ratio;
    d.ci_low = std::min(timed.ci_low, law.ci_low);
    d.ci_high = std::min(timed.ci_high, law.ci_high);
  }
  why << timed.reason << "; on the declared laws: median ratio " << law.median_ratio << ", "
      << (1 - kAlpha / 2) * 100 << "% lower bound " << law.ci_low << " > 1 over "
      << law.ratios.size() << " pairs, " << pairs.law_audited << " of them audited (P6d, P6e)";
  d.reason = why.str();
  return d;
}

bool wants_law_pairs(const PairedDecision& timed) {
  if (timed.verdict == Verdict::Faster) return true;
  // tie_keep's verdicts (knob_screen.h): same or ambiguous with the ratio above 1.
  return (timed.verdict == Verdict::Same || timed.verdict == Verdict::Ambiguous) &&
         timed.median_ratio > 1;
}

bool tie_holds_on_law(const PairSamples& pairs) {
  if (pairs.law_incumbent_us.empty() || pairs.law_candidate_us.empty()) return true;
  if (pairs.law_audited <= 0) return false;
  // A tie claims "no slower"; on the law that is the upper bound of the law pairs' two-sided
  // (1 - kAlpha) sign-test interval of the median ratio at or above 1 (too few pairs for an
  // interval leave it at 0: not kept). A candidate with no slowdown on the law (true median law
  // ratio >= 1) fails it with probability <= kAlpha / 2.
  const PairedDecision law = decide(law_samples(pairs), 0.0, kAlpha);
  // And its total no more than kTieMeanFloor below the incumbent's (red team 34).
  return law.ci_high >= 1.0 && law.mean_ratio >= kTieMeanFloor;
}

double kept_time_us(double measured_us, double incumbent_us, const PairedDecision& verdict,
                    const PairSamples& pairs, bool tie) {
  if (pairs.law_incumbent_us.empty() || pairs.law_candidate_us.empty()) return measured_us;
  if (!(incumbent_us > 0)) return measured_us;
  double g = tie ? 1.0 : verdict.median_ratio;
  const PairedDecision law = decide(law_samples(pairs), 0.0, kAlpha);
  if (law.median_ratio > 0) g = std::min(g, law.median_ratio);
  if (!(g > 0)) return measured_us;
  return std::max(measured_us, incumbent_us / g);
}

}  // namespace solver::engine
