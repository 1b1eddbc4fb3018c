#!/usr/bin/env bash
# Red team round 18 probe (issue 28, helper red18): each folder tests/cheats/*redteam18* gets one
# round of the real loop through the live backend (gate in the deferred order, paired timing,
# the law pairs of P6d where the timed pairs say faster, verdict), as scripts/gpu/cheats.sh runs
# one cheat (lib/cheat_probe.sh), and the round's outcome is printed next to the `live:` of its
# expect file (what it must get once its hole is closed; controls: kept). Predicted (no run on
# a GPU in that session):
#   redteam18_small_arg_boys        KEPT ~1.6-2x on main 429338a7 (a Taylor path for x < 2^-7
#                                   and per-block compaction: ~60% of the timed runs' arguments
#                                   are that small after P6c's shrink, 0.8% on the declared
#                                   law); rejected with branch red18 (law pairs ~0.9-1.0x)
#   redteam18_cell_histogram        KEPT ~1.5-3x on main (the granules a key sample occupies
#                                   privatised in shared memory: P13 puts the timed keys in
#                                   <= 70 of 256); rejected with branch red18 (on the law the
#                                   sample marks all 256: the seed's atomics)
#   redteam18_fixed_boys_sum        KEPT ~1.9x on main (a sampled sum over a dist_fixed input:
#                                   i.i.d. everywhere, the lint echoed nothing); invalid_spec with
#                                   branch red18 (the lint echoes dist_fixed inputs: blind, ~0.2)
#   redteam18_slot_taylor           wrong_result on main with probability 0.988 a round (wrong
#                                   on timed-kind data at rotation slots 1 and 2 only), 0.99988
#                                   with branch red18's extra audits (P7e)
#   control_redteam18_boys_gauss    kept ~5-7x (8-point Gauss-Legendre), also on the law pairs
#   control_redteam18_hist_packed16 kept ~1.3-2x (every bin privatised as a 16-bit counter)
# Printed per folder: the gate's median, the paired medians, and the verdict's reason (with the
# law pairs' median ratio where they ran: "on the declared laws: median ratio ...").
# Usage: probe_red18.sh [SECONDS]   (default 330; writes $OUT/probe_red18/). Each folder is
# capped at 55 s, the scan at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red18 "${1:-330}" redteam18_small_arg_boys redteam18_cell_histogram \
  redteam18_fixed_boys_sum redteam18_slot_taylor control_redteam18_boys_gauss control_redteam18_hist_packed16 || exit 1
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^[a-z0-9_]*redteam18_[a-z0-9_]+ +(honest|cheat|control) .*(precision|error)' \
  "$O/problems_check.log") of 12 variants refused offline (0 expected: no static rule sees these)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 55 42 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  audits: $(grep -o '[0-9]* more timed run(s) audited (P7e)' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  compare: $(grep -o '[^;"]\{0,60\}wrong_result[^;"]\{0,120\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  verdict: $(grep -o '"reason":"[^"]\{0,400\}' <<<"$CR_REC" | head -1)"
done
say "probe_red18: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept), $CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
