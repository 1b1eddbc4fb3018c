// The smallest skip a round catches (docs/reliability.md P6i, red team 25's
// redteam25_thin_skip_sum, issue 28, helper h28w). The tolerance lint (sample_lint.h) accepts an
// output where a 1-in-2 echo moves it by more than 1 tolerance: the error of a kernel that reads
// half of the echoed positions and doubles. A kernel that skips a fraction phi of the work and
// rescales by 1 / (1 - phi) errs, for an output that is a sum of independent per-position terms,
// by r(phi) = sqrt(phi / (1 - phi)) times the 1-in-2 sampler's error (variance n v phi / (1 - phi)
// against n v), on every element of the output at once. So the lint's bar is a statement about
// phi = 1/2 only; this file states the rest, per output buffer:
//   - sd: the root mean square of the output's share (its largest element's |reference - echo| /
//     tolerance) over the echoes a set took (SetShare::energy / SetShare::echoes): the spread of
//     a 1-in-2 sampler's error on a verified run, in tolerance units (one draw per echo pattern:
//     a half-normal's rms is its sd). The set is the verified runs' kind: set 0 where the
//     problem is on the law (P6h: every verified run a law redraw), else the fresh set (the
//     timed kind, P6c's shrink and P13's cells), whose nine echoes the lint then takes where
//     set 0 leaves a skip of kSkipDisclosed or more open (sample_lint_op.cpp);
//   - a verified run catches a phi-skip where its error is over 1 tolerance: per run with
//     probability q = P(|N(0, sd r(phi))| > 1) = erfc(1 / (sqrt(2) sd r(phi))), per round with
//     1 - (1 - q)^N over kVerifiedRunsPerRound independent runs;
//   - phi*: the smallest phi caught with probability >= kSkipCatch per round, in closed form:
//     z = Phi^-1(1 - q* / 2) with q* = 1 - (1 - p)^(1 / N), phi* = 1 / (1 + (sd z)^2).
// Any skip of phi* or more is caught in at least p of rounds; a smaller one may be kept. Exact
// for one-element outputs (a sum's error is Gaussian to the CLT's accuracy); for an output of many
// elements the per-echo share is a maximum over elements, which scales with r(phi) in the same
// way, and the half-normal model of it is an approximation. Disclosure, not a bar: a bar on phi*
// at 1/16 would refuse honest controls whose tolerance is tight for FP32 (shares 1.1-2.8 live;
// docs/reliability.md "The smallest skip a round catches").
#pragma once
#include <string>
#include <vector>

#include "engine/backend/audit_choice.h"
#include "engine/backend/gpu/sample_lint.h"
#include "generators/problem_spec.h"

namespace solver::gpu {

// The catch probability per round that phi* is stated at.
inline constexpr double kSkipCatch = 0.9;
// Verified runs per round on data no kernel has seen before, counted from the code: the gate's
// fresh-set check and its 1 + kExtraAudits audited timed runs (gate_op.cpp, timing.cpp P7 and
// P7e), and time_pairs' fresh-set check and the candidate's 1 + kExtraAudits audited runs. Not
// counted: the regular sets (standing, the same every round: a kernel may know them), the
// adversarial sets (a kernel routes them to an honest path, sample_lint.h) and P6e's
// kLawPairAudits law-pair audits (only where the timed verdict says faster, never offline).
inline constexpr int kVerifiedRunsPerRound = 2 * (2 + engine::kExtraAudits);
// The skip bound marker (narrowed_checks.cpp): where phi* is at least kSkipDisclosed.
inline constexpr const char* kSkipBoundMarker = "skip left open";
// The smallest skip the loop would gain from (1% less work, law_checks.h): a phi* at or above it
// is a narrowed check.
inline constexpr double kSkipDisclosed = 0.01;

// Phi^-1(u), u in (0, 1) (bisection on erfc to 1e-12).
double normal_quantile(double u);
// The probability that a round of `runs` verified runs catches a phi-skip of an output whose
// 1-in-2 echo spread is `sd` tolerance units.
double skip_caught(double sd, double phi, int runs);
// phi*: the smallest phi with skip_caught >= p (0 where sd is infinite, 1 where sd is 0 or NaN).
double smallest_skip(double sd, int runs, double p);
// The factor to multiply a tolerance by (both rtol and atol, < 1: tighter) for phi* to be
// `target`; the spread scales as 1 / tolerance. 1 where sd is not finite and positive.
double tolerance_for_skip(double sd, int runs, double p, double target);
// Output k's sd from set 0's shares (`set0`): sqrt(energy[k] / echoes[k]); NaN where not measured.
double echo_sd(const SetShare& set0, size_t k);

// The disclosure (gate detail): per output with an echo spread measured on `set0` (set 0 on
// the law, where every verified run is a law redraw; the fresh set off it, the timed kind:
// sample_lint_op.cpp; its name is said), phi* at
// kSkipCatch over kVerifiedRunsPerRound runs, and for those at kSkipDisclosed or more the
// tolerance that would close a skip of 1 in 16, led by kSkipBoundMarker; empty where nothing
// was measured. `outputs` as sample_lint_verdict's; `tols[k]` output k's tolerance (tols[0]
// for all where one is given).
std::string skip_note(const SetShare& set0, const std::vector<std::string>& outputs,
                      const std::vector<generators::Tolerance>& tols);

}  // namespace solver::gpu
