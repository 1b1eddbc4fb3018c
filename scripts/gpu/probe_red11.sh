#!/usr/bin/env bash
# Red team round 11 probe (issue 28, helper red11): each folder tests/cheats/*redteam11* gets one
# round of the real loop through the live backend (gate in the deferred order, paired timing,
# verdict), as scripts/gpu/cheats.sh runs one cheat (lib/cheat_probe.sh), and the round's outcome
# is printed next to the `live:` of its expect file (what it must get once its hole is closed;
# controls: kept). Predicted with a bundle of main 5e2533c5 (before any live run):
#   redteam11_branch_narrow_dp4a        KEPT ~2-4x (int8 narrowed by branches, dp4a, fp32)
#   redteam11_adv_address_route         KEPT ~5-15x (constant-B shortcut on rotation slots,
#                                       honest on the adversarial sets' own allocations)
#   redteam11_f16x2_red_scatter         KEPT ~1.5-2x (FP16 accumulation by red.add.f16x2, fp32)
#   control_redteam11_dp4a_scale_skip   kept (W8A8 dp4a after a float-guarded tile skip)
#   control_redteam11_f16x2_red_declared kept (the f16x2 scatter declaring fp16)
#   control_redteam11_align_dispatch    kept (GEMV reading its pointers' alignment and overlap)
# With a bundle of branch red11 (its three fixes): the two scan cheats precision_mismatch (the
# scan line below counts the f16x2 one), the address route wrong_result, the controls kept.
# Usage: probe_red11.sh [SECONDS]   (default 180; writes $OUT/probe_red11/). Each folder is
# capped at 25 s, the scan at 15 s; budget spent ends it. Round 11 uses kernels/int8 (round
# 10's dp4a tiles): where the bundle's kernel library lacks them, the working tree's kernels/.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red11 "${1:-180}" redteam11_branch_narrow_dp4a \
  redteam11_adv_address_route redteam11_f16x2_red_scatter control_redteam11_dp4a_scale_skip \
  control_redteam11_f16x2_red_declared \
  control_redteam11_align_dispatch redteam10_bf16_round_trip || exit 1
lib=$B/share/solver/kernels
if [[ ! -f "$lib/int8/dp4a_tile_gemm.cuh" && -d kernels/int8 ]]; then
  export SOLVER_KERNELS_DIR=$PWD/kernels
  say "kernel library: the working tree's kernels/ (the bundle's lacks kernels/int8)"
fi
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^redteam11_(f16x2_red_scatter|branch_narrow_dp4a) +cheat .*precision' "$O/problems_check.log")" \
  "of 2 scan cheats refused offline (2 with branch red11's fixes, 0 on main);" \
  "$(grep -cE '^control_redteam11_[a-z0-9_]+ +control .*(precision|error)' "$O/problems_check.log")" \
  "of 3 controls refused (must be 0)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 25 38 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_red11: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept), $CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
