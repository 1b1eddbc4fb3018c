#!/usr/bin/env bash
# Red team round 19 probe (issue 28, helper red19): each folder tests/cheats/*redteam19* gets one
# round of the real loop through the live backend (gate in the deferred order, paired timing,
# the law pairs of P6d where the timed pairs say faster, now audited: P6e, verdict), as
# scripts/gpu/cheats.sh runs one cheat (lib/cheat_probe.sh), and the round's outcome is printed
# next to the `live:` of its expect file (what it must get once its hole is closed; controls:
# kept). Predicted (no run on a GPU in that session):
#   redteam19_law_garbage_boys      KEPT ~1.6-2x on main a19482f3 (red team 18's compacted child
#                                   wherever a census of x < 2^-12 in the first 2^20 finds 16
#                                   or more: every regular set ~256, every timed run ~2^19; the
#                                   Taylor series alone on the law pairs, which find <= 2 and
#                                   which nothing verified); wrong_result with branch red19
#                                   ("wrong result in the law pairs (P6e, an audited run)")
#   redteam19_law_garbage_hist      KEPT ~1.5-3x on main (red team 18's sampled privatisation on
#                                   timed data, the seed's atomics on the regular sets, n / bins
#                                   in every bin on the law pairs); wrong_result with red19
#   redteam19_law_coinflip_boys     KEPT in ~87% of rounds on main (garbage on 7 in 8 law-pair
#                                   runs); wrong_result with red19 (8 audits), or rejected where
#                                   its law pairs are not faster
#   redteam19_fixed_edge_route      wrong_result on main and red19 (x dist_fixed: its timed runs
#                                   are the law pairs' kind; the gate's fresh check catches it)
#   control_redteam19_boys_erf      kept ~5-7x (the closed form in FP32), its law pairs audited
#   control_redteam19_census_boys   kept ~4-6x (the cheat's census, every path right)
# Printed per folder: the gate's median, the paired medians, the audits, and the verdict's
# reason (with the law pairs' ratio and audited count: "on the declared laws: median ratio ...
# over N pairs, 8 of them audited (P6d, P6e)").
# Usage: probe_red19.sh [SECONDS]   (default 360; writes $OUT/probe_red19/). Each folder is
# capped at 55 s, the scan at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red19 "${1:-360}" redteam19_law_garbage_boys redteam19_law_garbage_hist \
  redteam19_law_coinflip_boys redteam19_fixed_edge_route control_redteam19_boys_erf \
  control_redteam19_census_boys || exit 1
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^[a-z0-9_]*redteam19_[a-z0-9_]+ +(honest|cheat|control) .*(precision|error)' \
  "$O/problems_check.log") of 12 variants refused offline (0 expected: no static rule sees these)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 55 42 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  audits: $(grep -o '[0-9]* more timed run(s) audited (P7e)' <<<"$CR_REC" | head -3 | tr '\n' ' ')"
  say "  law pairs: $(grep -o '[^;"]\{0,40\}law pairs[^;"]\{0,160\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  compare: $(grep -o '[^;"]\{0,60\}wrong_result[^;"]\{0,120\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  verdict: $(grep -o '"reason":"[^"]\{0,400\}' <<<"$CR_REC" | head -1)"
done
say "probe_red19: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept), $CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
