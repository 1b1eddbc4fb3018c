#!/usr/bin/env bash
# Issue 28, helper h28c: the bit-narrowing scan's fallbacks closed by a property (a closed list of
# modelled integer instructions; fixed-point round trips, generators/ptx_fixed_point.h). Each
# folder gets one round of the real loop through the live backend (lib/cheat_probe.sh), its
# outcome printed next to the `live:` of its expect file. Predicted (offline, branch h28c; no run
# on a GPU in that session):
#   redteam16_runtime_shift_narrow   precision_mismatch (kept 1.28x live on main, h200-2026-12-05):
#                                    "the lowest mantissa bit only through `shr.u32 %r108, %r107,
#                                    %r100`, which the scan does not model exactly"
#   redteam17_block_fixed_scratch    precision_mismatch (kept 1.36x live on main): "16 FP32
#                                    value(s) kept in fixed point ... 24 low bits ... a
#                                    fixed-point round trip, at most 22 of 23 mantissa bits"
#   control_redteam17_fused_levels   kept (its levels are an integer answer, never converted back)
#   control_redteam17_bf16_scratch   kept (declared bf16; no integer)
#   control_redteam_reduce_memo      kept or its expect's outcome (a fingerprint times run-time
#                                    weights: the multiply by a register is read as the factor 1)
#   control_redteam16_log_bucket_bits, control_redteam16_lop3_abs_fused, control_redteam14_fused_stage
#                                    kept (integer code on float bits the scan must not refuse)
# The offline scan of every folder's variants runs first (cheat_probe_scan): 2 of the cheats
# refused there, no control.
# Usage: probe_h28c.sh [SECONDS]   (default 420; writes $OUT/probe_h28c/). Each folder is capped
# at 45 s, the scan at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28c "${1:-420}" redteam16_runtime_shift_narrow \
  redteam17_block_fixed_scratch control_redteam17_fused_levels control_redteam17_bf16_scratch \
  control_redteam_reduce_memo control_redteam16_log_bucket_bits control_redteam16_lop3_abs_fused \
  control_redteam14_fused_stage || exit 1
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^[a-z0-9_]*redteam[0-9_]*[a-z0-9_]+ +(honest|cheat|control) .*(precision|error)' \
  "$O/problems_check.log") of 16 variants refused offline (predicted 2: the two cheats; 0 on main)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 45 34 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  precision: $(grep -o '[^;"]\{0,60\}\(mantissa bits\|fixed point\|does not model\)[^;"]\{0,80\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_h28c: $CP_KEPT of $CP_N folders kept (controls must be kept, the two cheats not)," \
  "$CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
