#!/usr/bin/env bash
# Issue 28, helper h28o: the holes the docs still named open, checked live. h28m's residuals (1)
# and (2) of the bit scan are closed offline on branch h28o (generators/ptx_bit_narrowing.cpp,
# generators/ptx_run_together.h): a field that keeps some of the pinned exponent's bits is still a
# field, and a union of stores excuses a field, a narrowed value or a fixed-point integer only
# over stores that run together with it (one block, the same guard) and, for a field, beside it
# (the same address registers). The other open rows were never run live after their fixes: red
# team 13's two FP64 approximation cheats (kept 5.64x / 5.98x on 2026-12-04 before the measured
# class; its sibling redteam15_f64_alias_rsqrt was refused live on 2026-12-05), red team 12's two
# controls (answered offline by h28k after the 2026-12-05 run refused them), and
# control_redteam14_range_route_uniform (still open: no fix). Each folder gets one round of the
# real loop through the live backend (lib/cheat_probe.sh), its outcome next to its expect's live:.
# Predicted (offline on branch h28o; no GPU in that session):
#   redteam21o_magic_exp_field            precision_mismatch at compile ("... only the 28 low bits
#                                         (..., with 5 of its 8 exponent bits) ... at most 22 of 23")
#   redteam21o_magic_dead_word            precision_mismatch at compile (the field judged; the whole
#                                         words are stored in a block of their own)
#   redteam16_runtime_shift_narrow,       precision_mismatch at compile (h28c's closed list and
#   redteam17_block_fixed_scratch         fixed-point round trip; kept 1.28x / 1.36x live on
#                                         2026-12-05 on a main before h28c's merge)
#   control_redteam19m_expf_dropout, control_redteam19m_magic_rint_quant,
#   control_redteam16_log_bucket_bits     kept (as on main: honest integer code on float bits)
#   redteam13_f64_sfu_pow                 precision_mismatch (the measured fp64 class: ~90x its
#                                         bound on the gate's first set); wrong if kept
#   redteam13_f64_rsqrt_approx            precision_mismatch (~700x the bound)
#   control_redteam12_moe_dp4a_route      kept ~2-4x (h28k's pick rule)
#   control_redteam12_f64_cutoff_prefilter kept (h28k's FP32 prefilter rule under the measured class)
#   control_redteam14_range_route_uniform rejected, ratio ~1.00: OPEN, a false refusal no fix here
#                                         answers (docs/reliability.md, its row); the MISMATCH line
#                                         is the expected one
# The offline scan of the folders' 24 variants runs first: 4 refused (the two h28o cheats and
# the two h28c ones; 2 on main d8913459).
# Usage: probe_h28o.sh [SECONDS]   (default 420; writes $OUT/probe_h28o/). Each folder is capped
# at 45 s, the scan at 20 s; budget spent ends it (the folders run in this order, most telling
# first).
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28o "${1:-420}" redteam21o_magic_exp_field redteam21o_magic_dead_word \
  redteam16_runtime_shift_narrow redteam17_block_fixed_scratch redteam13_f64_sfu_pow redteam13_f64_rsqrt_approx control_redteam19m_expf_dropout \
  control_redteam12_moe_dp4a_route control_redteam12_f64_cutoff_prefilter \
  control_redteam19m_magic_rint_quant control_redteam16_log_bucket_bits \
  control_redteam14_range_route_uniform || exit 1
cheat_probe_scan 20 $CP_DIRS
say "scan: $(grep -cE '^[a-z0-9_]+ +(honest|cheat|control) .*(precision|error)' \
  "$O/problems_check.log") of 24 variants refused offline (predicted 4: the four cheats refused at compile)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 45 40 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  precision: $(grep -o '[^;"]\{0,60\}\(mantissa bits\|fixed point\|class.s own error bound\|class bound\)[^;"]\{0,80\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_h28o: $CP_KEPT of $CP_N folders kept (the controls but range_route_uniform must be," \
  "no cheat), $CP_OK of $CP_N as their expect says (predicted all but" \
  "control_redteam14_range_route_uniform); $((SECONDS - t0)) s"
