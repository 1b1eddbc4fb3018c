#!/usr/bin/env bash
# Red team round 17 probe (issue 28, helper red17): each folder tests/cheats/*redteam17* gets one
# round of the real loop through the live backend (gate in the deferred order, paired timing,
# verdict), as scripts/gpu/cheats.sh runs one cheat (lib/cheat_probe.sh), and the round's outcome
# is printed next to the `live:` of its expect file (what it must get once its hole is closed;
# controls: kept). Predicted with a bundle of main 0946f178 (no run on a GPU in that session):
#   redteam17_int_answer_alias       KEPT ~1.09x on main (red team 16's 24-bit scratch image kept
#                                    in the int32 output `lev`, read back through x plus an
#                                    offset carried through shared memory: the integer-answer
#                                    excuse of ptx_int_answer.h holds); precision_mismatch with a
#                                    bundle of branch red17 (a stored pointer counts as a read)
#   redteam17_div_narrow_stage       KEPT ~1.1x on main (red team 14's 24-bit scratch, the shift
#                                    written as inline-asm div.u32 by 256: the bit scan's
#                                    fallback mixes every bit); precision_mismatch with a bundle
#                                    of branch red17 (div/rem by 2^k modelled)
#   redteam17_block_fixed_scratch    KEPT ~1.1x on main and on branch red17 (24-bit block fixed
#                                    point by cvt.rni.s32.f32: no scan sees a float-to-integer
#                                    rounding; every set passes, <= 0.042 of the bound on the
#                                    host: redteam17_fixed_sim 8192 16)
#   control_redteam17_fused_levels   kept ~1.15-1.2x (the levels written by the row pass)
#   control_redteam17_bf16_scratch   kept ~1.3x (a BF16 scratch image, declared bf16)
# Every round's gate detail is printed: the precision scan's and the comparison's words show
# which check decided.
# Usage: probe_red17.sh [SECONDS]   (default 300; writes $OUT/probe_red17/). Each folder is
# capped at 50 s, the scan at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red17 "${1:-300}" redteam17_int_answer_alias redteam17_div_narrow_stage \
  redteam17_block_fixed_scratch \
  control_redteam17_fused_levels control_redteam17_bf16_scratch || exit 1
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^[a-z0-9_]*redteam17_[a-z0-9_]+ +(honest|cheat|control) .*(precision|error)' \
  "$O/problems_check.log") of 10 variants refused offline (0 on main 0946f178; 2 on branch red17:" \
  "the alias and div cheats)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 50 38 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  precision: $(grep -o '[^;"]\{0,60\}mantissa bits[^;"]\{0,80\}' <<<"$CR_REC" | head -1)"
  say "  compare: $(grep -o '[^;"]\{0,60\}wrong_result[^;"]\{0,120\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_red17: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept), $CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
