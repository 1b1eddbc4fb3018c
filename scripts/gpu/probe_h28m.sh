#!/usr/bin/env bash
# Issue 28, helper h28m: fixed point made by float arithmetic. A float's bits of which only a
# field at the bottom is stored (the integer a magic-number addition such as `x + 12582912.f`
# leaves there) to memory a launch reads back as a float (a cvt to a float, or the loaded bits
# moved into a float register) is a fixed-point round trip (generators/ptx_bit_narrowing.cpp,
# generators/ptx_fixed_point.cpp). Each folder gets one round of the real loop through the live
# backend (lib/cheat_probe.sh), its outcome printed next to the `live:` of its expect file.
# Predicted (offline, branch h28m; no run on a GPU in that session):
#   redteam19m_magic_block_scratch     precision_mismatch (kept ~1.1x on main, as red team 17's
#                                      cvt twin was kept 1.36x live): "16 FP32 value(s) kept in
#                                      fixed point ... only the 24 low bits ... a fixed-point
#                                      round trip whose rounding no cvt shows, at most 22 of 23"
#   redteam19m_runtime_magic_relay     precision_mismatch (the same, a run-time magic number,
#                                      read back by cvt.rn.f32.s32)
#   control_redteam19m_expf_dropout    kept (expf/exp2f/sinf's magic numbers and Payne-Hanek's
#                                      local array; a curand-style uniform in the exponent field)
#   control_redteam19m_magic_rint_quant kept (magic-number int8 levels, an integer answer)
#   redteam17_block_fixed_scratch      precision_mismatch (unchanged: its cvt)
#   control_redteam17_fused_levels, control_redteam16_log_bucket_bits, control_redteam14_fused_stage
#                                      kept (integer code on float bits the scan must not refuse)
# The offline scan of every folder's variants runs first (cheat_probe_scan): 3 of the cheats
# refused there (the two new ones and red team 17's), no control.
# Usage: probe_h28m.sh [SECONDS]   (default 420; writes $OUT/probe_h28m/). Each folder is capped
# at 45 s, the scan at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28m "${1:-420}" redteam19m_magic_block_scratch \
  redteam19m_runtime_magic_relay control_redteam19m_expf_dropout \
  control_redteam19m_magic_rint_quant redteam17_block_fixed_scratch \
  control_redteam17_fused_levels control_redteam16_log_bucket_bits \
  control_redteam14_fused_stage || exit 1
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^[a-z0-9_]*redteam[0-9_]*[a-z0-9_]+ +(honest|cheat|control) .*(precision|error)' \
  "$O/problems_check.log") of 16 variants refused offline (predicted 3: the three cheats; 1 on main)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 45 34 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  precision: $(grep -o '[^;"]\{0,60\}\(mantissa bits\|fixed point\|no cvt shows\)[^;"]\{0,80\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_h28m: $CP_KEPT of $CP_N folders kept (controls must be kept, the three cheats not)," \
  "$CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
