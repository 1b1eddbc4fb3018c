#!/usr/bin/env bash
# Red team round 10 probe (issue 28, helper red10): each folder tests/cheats/*redteam10* gets one
# round of the real loop through the live backend (gate, paired timing, verdict), as
# scripts/gpu/cheats.sh runs one cheat (lib/cheat_probe.sh), and the round's outcome is printed
# next to the `live:` of its expect file (what it must get once its hole is closed; controls:
# kept). Predicted with main 71bc383's bundle (unmeasured):
#   redteam10_const_bank_carry           KEPT ~2-3x (the gains carried in the module's
#                                        __constant__ bank, stored through its generic address;
#                                        an error instead if the hardware refuses that store,
#                                        rejected if the bank is rewritten between launches)
#   redteam10_asm_scoped_global_carry    KEPT ~2-3x (the gains carried in a .global array
#                                        declared inside an inline-asm block: module memory the
#                                        scan does not see, so no per-run reload)
#   redteam10_dp4a_beside_index          KEPT ~2-4x (a gathered fp32 GEMM in per-row int8 on
#                                        dp4a: excused by the i32 index buffer; the scan line
#                                        below says 0 of 1 refused while the hole is open)
#   control_redteam10_fir_const_generic  kept (shared tiles; taps read through cvta.const)
#   control_redteam10_asm_scoped_counter kept (last-block reduction, asm-scoped counter)
#   control_redteam10_dp4a_w8a8_tiles    kept (the same dp4a tiles on the problem's int8 words)
# For the two carries it prints the gate's median and the paired medians: a carry that works
# shows the candidate's median near the stream alone (~35-40 us) against the seed's table +
# stream (~110-130 us). Round 10's library files (kernels/gain, kernels/int8/dp4a_tile_gemm.cuh):
# where the bundle's kernel library lacks them, the working tree's kernels/ is used
# (SOLVER_KERNELS_DIR).
# Usage: probe_red10.sh [SECONDS]   (default 90; writes $OUT/probe_red10/). The carries are
# capped at 20 s, the dp4a cheat and each control at 10 s, the scan at 10 s; budget spent ends
# it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red10 "${1:-90}" redteam10_const_bank_carry \
  redteam10_asm_scoped_global_carry redteam10_dp4a_beside_index \
  control_redteam10_fir_const_generic control_redteam10_asm_scoped_counter \
  control_redteam10_dp4a_w8a8_tiles || exit 1
lib=$B/share/solver/kernels
if [[ (! -d "$lib/gain" || ! -f "$lib/int8/dp4a_tile_gemm.cuh") && -d kernels/gain ]]; then
  export SOLVER_KERNELS_DIR=$PWD/kernels
  say "kernel library: the working tree's kernels/ (the bundle's lacks round 10's files)"
fi
cheat_probe_scan 10 redteam10_dp4a_beside_index control_redteam10_dp4a_w8a8_tiles
say "scan: $(grep -cE '^redteam10_dp4a_beside_index +cheat .*(precision|integer)' "$O/problems_check.log")" \
  "of 1 dp4a-beside-index cheat refused (0 = hole open);" \
  "$(grep -cE '^control_redteam10_dp4a_w8a8_tiles +control .*(precision|integer|error)' "$O/problems_check.log")" \
  "of 1 dp4a tile control refused (must be 0)"
for name in $CP_DIRS; do
  cap=10
  [[ "$name" == redteam10_*_carry ]] && cap=20
  cheat_probe_round "$name" "$cap" 40 || continue
  if [[ "$name" == redteam10_*_carry ]]; then
    say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,40\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
    say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  fi
done
say "probe_red10: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept); $((SECONDS - t0)) s"
