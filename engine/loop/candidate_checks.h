// What a candidate must pass besides being faster (round_loop.cpp, steps 7 and 7b): a paired
// timing that did not break, a paired time above the physical floor and consistent with its
// gate's own, and, in the deferred order (engine/backend/gate_parts.h, docs/reliability.md
// P16), the deferred part of its gate (adversarial sets, tolerance lint, fresh-set check,
// timed-run audit), run only once the verdict would keep it. Each refusal is a gate failure
// with its status and detail on the record, never a keep.
#pragma once
#include <string>

#include "engine/backend/backend.h"
#include "engine/backend/paired_verdict.h"
#include "engine/loop/ledger.h"
#include "generators/candidate.h"
#include "generators/problem_spec.h"
#include "rules/chips.h"

namespace solver::engine {

// False when the paired timing broke (a wrong result after repeated launches, a hang, a crash,
// samples missing from a recording): rec is then the gate outcome it amounts to.
bool timing_usable(const PairSamples& pairs, RoundRecord& rec);

// False when the candidate's paired median is below the physical floor (too_fast) or its paired
// time disagrees with its gate's timed series (inconsistent_timing): rec is then gate-failed.
// A candidate whose pairs say slower (Verdict::Slower) is checked against the floor only: it is
// never kept, and its record is the pairs' verdict (rejected), not inconsistent_timing.
bool timing_plausible(const generators::ProblemSpec& spec, const generators::Incumbent& cand,
                      const rules::ChipProfile& chip, const PairedDecision& verdict,
                      const std::vector<double>& gate_us, const PairSamples& pairs,
                      RoundRecord& rec);

// Step 7b, for a candidate the verdict would keep whose gate deferred checks (rec.gate's
// `deferred` NotRun): runs the deferred part, merges it into rec.gate (and rec.narrowed_checks)
// and checks its timed series against the paired time as the regular part's was. Returns the
// deferred part (its phase times for the round's clock); rec is gate-failed when it refused the
// candidate (the full gate's status and detail: "wrong_result: ... adversarial input set ...").
// A gate with nothing deferred: nothing runs, an empty result.
GateResult run_deferred_checks(Backend& backend, const VariantRef& cand,
                               const generators::ProblemSpec& spec, const PairSamples& pairs,
                               RoundRecord& rec);

// Issue 28 (helper scr38): a candidate the paired timing refused on its values (wrong_result or
// input_mutated in a checked or audited timed run) before its deferred checks ran is named as the
// full gate names it: the deferred part runs (its checks come before any timing in the full gate,
// --eager-adversarial's order), and where it refuses the candidate too, its status and detail are
// the round's, the paired timing's words after them. Red teams 33 and 34 (h100-2026-12-07c): a
// 16-bit fixed-point f32 scratch, wrong off the law in the pairs' fresh-set check, was recorded
// wrong_result with the scratch-resolution step (P4m, deferred) never run on it; eager, the same
// candidate is precision_mismatch. Where the deferred part passes (or is not recorded), the
// pairs' refusal stands and rec.deferred_checks says what ran. Anything else (a pairs failure of
// another kind, a full gate already run, a recording's missing samples): nothing runs, an empty
// result. Returns the deferred part (its phase times for the round's clock).
GateResult deferred_after_refusal(Backend& backend, const VariantRef& cand,
                                  const PairSamples& pairs, RoundRecord& rec);

// A round that ends before its deferred checks ran (rejected: "not faster"): the record says so.
void deferred_not_run(RoundRecord& rec, const std::string& why);

}  // namespace solver::engine
