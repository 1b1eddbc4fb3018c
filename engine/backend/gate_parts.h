// The deferred adversarial gate (issue 28, the defences' cost per round; docs/reliability.md
// P16). A candidate's gate runs in two parts around the paired verdict (round_loop.cpp steps
// 6, 7, 7b): the regular part (the sweep gate's steps: compile, precision scan, the first
// regular input set, the gate's timed series with its floor) before the paired timing, and the
// deferred part (the other regular sets, the adversarial sets, the tolerance lint, the
// fresh-set check and the timed-run audit) only once the verdict would keep the candidate. A kept
// candidate has passed every check of the full gate; a candidate that loses the timing is rejected
// without them, and its record says so.
//
// Here: the names of the parts, the split of a full gate into its two parts (a recording keeps
// full gates: the recorded backend serves each part from it, so offline and live runs follow
// the same order), and the merge of two parts into the record of the round.
#pragma once
#include <string>

#include "engine/backend/backend.h"

namespace solver::engine {

// What the regular part's detail says was left for later (and the record of a rejected round).
inline constexpr const char* kDeferredNote =
    "deferred until the paired verdict would keep it: the regular sets after the first, the "
    "adversarial sets, the tolerance lint, the fresh-set check and the timed-run audit";

// Which checks a gate request runs (the worker's gate op, gpu/gate_op.cpp, follows it). `light`
// (the sweep gate of `solver record --sweep`, and the regular part): the first regular set only,
// no adversarial sets or tolerance lint. `audit`: one timed run of the gate's series, chosen
// after it ran, verified against the reference on the inputs it saw (P7). `fresh_check` and
// `extra_audits`: the fresh-set check inside the series (P8) and P7e's two more audited runs.
// Every gate audits but the regular part, whose series the deferred part's audited series
// follows. The sweep gate's series is what `solver record --sweep` records as the point's
// samples, which every offline replay keeps on that record alone, so it is verified as a full
// gate's series is: its check and three audits (helper fix38b, red team 38b's
// redteam38b_recorded_coin: with one audit and no check a 3/4-coin cheat was recorded fast in
// ~1 point in 3; red team 12's note before it: with none, at its skipping time).
struct GateSteps {
  bool light = false;
  bool audit = true;
  bool fresh_check = true;
  bool extra_audits = true;
};
inline GateSteps gate_steps(bool sweep, GatePart part) {
  const bool regular = part == GatePart::Regular;
  return GateSteps{sweep || regular, !regular, !regular, !regular};
}

// Whether a full gate's failure happened in what is now the deferred part: a regular set after
// the first, an adversarial set (its check, its run), the tolerance lint's refusal, the scratch-
// resolution step's precision_mismatch (P4m), or a merged record whose deferred part ran. Any
// other failure (compile, the PTX scans' precision, the first regular set,
// a fault in a check run, the timed series) is the regular part's.
bool deferred_stage_failure(const GateResult& full);

// The regular part of a full gate (the recorded backend): a failure of the regular part as
// recorded; otherwise passed, with the timed series and the detail's regular clauses (median,
// floor, the worker's notes) and kDeferredNote, deferred NotRun. A part (deferred not None)
// comes back as it is.
GateResult regular_part(const GateResult& full);

// The deferred part of a full gate: the full gate itself, deferred Ran, without phase times (the
// regular part carries the one measurement's). A regular part whose
// deferred checks never ran (a live run's record of a rejected candidate) answers not_recorded:
// nothing measured them.
GateResult deferred_part(const GateResult& full, const std::string& what);

// The round's gate after both parts: the deferred part's status and detail (so a failure reads
// as the full gate's did), the regular part's timed series (the paired time's consistency
// reference), errors and input sets of both, deferred Ran. Phase times are not merged (the loop
// counts each part where it ran).
GateResult merge_parts(const GateResult& regular, const GateResult& deferred);

}  // namespace solver::engine
