// P6d (docs/reliability.md, red team 18): a "faster" verdict holds on the declared law too.
//
// Every timed run of the paired timing sees inputs made to catch estimators (P6, P13, P13b,
// P6c): per run the bulk of a law's interior sits in 3 of 15 cells, and a uniform law on
// [0, b) has 31 of 32 interior bulk positions shrunk towards 0 by 2^-g (g in 1..24), so the
// median timed U[0, 1) value is about 2^-12. That is the right data to verify on, and the
// wrong data to decide speed on alone: a candidate whose cost depends on its data (a fast
// path for small arguments, bins privatised for the occupied cells) is timed on values no
// caller of the problem sends (tests/cheats/redteam18_*). So where the timed pairs say
// "faster", the worker times the same two kernels again on inputs redrawn i.i.d. from their
// declared laws (PairSamples::law_*_us), and the candidate is kept only where those pairs say
// "faster" as well; the gain recorded is the smaller of the two medians.
//
// The law pairs are not verified (no fresh set, no audit): they need not be. A candidate
// that behaves differently on them can only make them faster (its speed there counts only
// when it is the smaller ratio) or slower (then it is not kept); its correctness is decided by
// the timed pairs and the gate, as before. Inputs are still guarded (P7b), so the incumbent's
// law time is its own.
#pragma once
#include "engine/backend/backend.h"
#include "engine/backend/paired_verdict.h"

namespace solver::engine {

// The law pairs as PairSamples (empty lists where none were timed).
PairSamples law_samples(const PairSamples& pairs);

// `timed`: the verdict on the timed pairs (decide(pairs, plan)). Unchanged where it is not
// "faster" or no law pairs were timed (offline, every recording). Otherwise the law pairs are
// decided at the single-look level of the plan's whole decision (kAlpha, plan.min_gain): not
// "faster" there makes the verdict theirs (slower, same or ambiguous) with a reason that says
// both; "faster" keeps the timed verdict with the smaller median ratio and confidence bounds
// of the two. The medians in microseconds stay the timed pairs' (the floor and the gate
// consistency test compare like with like).
PairedDecision decide_on_law(const PairedDecision& timed, const PairSamples& pairs,
                             const PairPlan& plan);

}  // namespace solver::engine
