#!/usr/bin/env bash
# Red team round 15 probe (issue 28, helper red15): each folder tests/cheats/*redteam15* gets one
# round of the real loop through the live backend (gate in the deferred order, paired timing,
# verdict), as scripts/gpu/cheats.sh runs one cheat (lib/cheat_probe.sh), and the round's outcome
# is printed next to the `live:` of its expect file (what it must get once its hole is closed;
# controls: kept). Predicted with a bundle of main a30a231d (no run on a GPU in that session):
#   redteam15_f64_pole_short_poly         KEPT ~1.5-1.8x (exp(p t) cut to a 32-entry table and
#                                         1 + r + r^2/2 in FP64 under fp64, sums 1-2e-8 off: the
#                                         measured class's reference on |inputs| is
#                                         sum r exp(|p| t) for a stable system's poles p < 0,
#                                         >= 1e7 x the reference, so the class bound is looser
#                                         than the problem's rtol)
#   redteam15_f64_alias_rsqrt             KEPT ~5.9x on main (red team 13's rsqrt.approx sum under
#                                         a class spelled 'double'); precision_mismatch with a
#                                         bundle of branch red15 (the class is read as the scan
#                                         reads it)
#   redteam15_f64_f32out_rsqrt            KEPT ~5x (red team 13's rsqrt.approx.ftz.f64 sum stored
#                                         as float32: the class bound holds float64 outputs only;
#                                         a bundle of branch red15 says so in the gate detail:
#                                         "measured class bound: off for out (f32)"); since
#                                         helper h28t invalid_spec, seed and cheat, offline too
#                                         (a measured class that measures no output)
#   control_redteam15_f64_pole_exp2_poly  kept ~1.2-1.4x (exp by a 256-entry table and a degree-4
#                                         polynomial, FP64 in value)
#   control_redteam15_f64_fd_shift        REFUSED precision_mismatch, a false refusal: a forward
#                                         difference by expm1 weights, more accurate than the
#                                         reference, whose own cancellation error (~1.5e-7) is
#                                         550-750x the class bound; no input is negative, so no
#                                         reference on |inputs| widens it
# Every round's gate detail is printed: the class bound's words ("x the fp64 class's own error
# bound") show which check decided.
# Usage: probe_red15.sh [SECONDS]   (default 300; writes $OUT/probe_red15/). Each folder is
# capped at 50 s, the scan at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red15 "${1:-300}" redteam15_f64_pole_short_poly redteam15_f64_f32out_rsqrt \
  redteam15_f64_alias_rsqrt control_redteam15_f64_pole_exp2_poly control_redteam15_f64_fd_shift || exit 1
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^[a-z0-9_]*redteam15_[a-z0-9_]+ +(honest|cheat|control) .*(precision|error)' \
  "$O/problems_check.log") of 10 variants refused offline (0 on main a30a231d: every cheat passes" \
  "the scan, as every seed and control must)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 50 38 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  class: $(grep -o '[^;"]\{0,120\}fp64 class[^;"]\{0,120\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_red15: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept), $CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
