#!/usr/bin/env bash
# Red team round 16 probe (issue 28, helper red16): each folder tests/cheats/*redteam16* gets one
# round of the real loop through the live backend (gate in the deferred order, paired timing,
# verdict), as scripts/gpu/cheats.sh runs one cheat (lib/cheat_probe.sh), and the round's outcome
# is printed next to the `live:` of its expect file (what it must get once its hole is closed;
# controls: kept). Predicted with a bundle of main 69f0c784 (no run on a GPU in that session):
#   redteam16_lop3_narrow_stage              KEPT ~1.1x on main (red team 14's 24-bit scratch
#                                            image, the low byte cleared by an inline-asm lop3 the
#                                            bit-narrowing scan read as mixing every bit);
#                                            precision_mismatch with a bundle of branch red16 (lop3
#                                            modelled: 15 of 23 mantissa bits, TF32 class)
#   redteam16_runtime_shift_narrow           KEPT ~1.1x on main and on branch red16 (the same image,
#                                            the shift amount 8 + (W >> 31) in a register: open)
#   redteam16_twin_output_sample             KEPT ~2-3x on main 69f0c784 (red team 7's lgamma sum
#                                            sampled 1 tile in 4 beside exact per-chunk means: the
#                                            lint's share was the largest over all outputs, so the
#                                            means passed the problem); invalid_spec with a bundle
#                                            of branch h28u (each output judged on its own: "for
#                                            out on every set the gate verifies on", out 0.15)
#   control_redteam16_lop3_abs_fused         kept ~1.6-1.9x (red team 14's fused blur, outputs
#                                            through a lop3 abs)
#   control_redteam16_twin_output_recurrence kept ~1.3x (two lgammaf and a logf for three lgammaf;
#                                            rtol 1e-5 since h28u, where the lint tells out apart
#                                            at 1.51: the detail should say "told apart for every
#                                            output it moves")
#   control_redteam16_log_bucket_bits        REFUSED precision_mismatch on main, a false refusal
#                                            (an HDR log bucket read from the float's exponent and
#                                            top 3 mantissa bits, an int32 answer compared exactly,
#                                            read as a float narrowed to 3 mantissa bits); kept
#                                            ~1.3-2x with a bundle of branch red16
# Every round's gate detail is printed: the lint's words and the precision scan's show which
# check decided.
# Usage: probe_red16.sh [SECONDS]   (default 300; writes $OUT/probe_red16/). Each folder is
# capped at 50 s, the scan at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red16 "${1:-300}" redteam16_lop3_narrow_stage redteam16_runtime_shift_narrow \
  redteam16_twin_output_sample control_redteam16_lop3_abs_fused \
  control_redteam16_twin_output_recurrence control_redteam16_log_bucket_bits || exit 1
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^[a-z0-9_]*redteam16_[a-z0-9_]+ +(honest|cheat|control) .*(precision|error)' \
  "$O/problems_check.log") of 12 variants refused offline (1 on main 69f0c784: the log-bucket" \
  "control, a false refusal; 1 on branch red16: redteam16_lop3_narrow_stage's cheat)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 50 38 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  lint: $(grep -o '[^;"]\{0,40\}1-in-2[^;"]\{0,120\}' <<<"$CR_REC" | head -1)"
  say "  precision: $(grep -o '[^;"]\{0,60\}mantissa bits[^;"]\{0,80\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_red16: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept), $CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
