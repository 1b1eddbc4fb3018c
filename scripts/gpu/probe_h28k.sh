#!/usr/bin/env bash
# Helper h28k's probe (issue 28, no false rejections): the two honest controls answered offline on
# branch h28k, the cheats of their rows, and the open uniform-law control, each one round of the
# real loop through the live backend (lib/cheat_probe.sh), its outcome next to its expect's `live:`.
# Predicted with a bundle of branch h28k (offline: cheat_suite_test, ptx_int_pick_test,
# ptx_fp32_prefilter_test pass):
#   control_redteam12_moe_dp4a_route        KEPT ~2-4x (a pick: the router's float argmax chooses
#                                           which of W's random rows the dp4a read; main: refused)
#   control_redteam12_f64_cutoff_prefilter  KEPT ~1.3-1.9x (FP32 prefilter re-tested in FP64 under
#                                           a measured fp64 class; the class bound passes: the
#                                           sums are the seed's term for term; main: refused)
#   redteam10_dp4a_beside_index, redteam11_branch_narrow_dp4a, redteam12_branch_store_dp4a,
#   redteam12_bare_reg_dp4a, redteam12_mbarrier_count_dp4a  precision_mismatch (unchanged)
#   redteam6_fp64_as_fp32, redteam7_f64_bitcast_fp32, redteam9_dead_f64_majority
#                                           precision_mismatch (unchanged: data flow / counts)
#   control_redteam14_range_route_uniform   rejected, ratio ~1.0 (open: not answered, see
#                                           docs/reliability.md P2/P6c (no false refusals))
# Usage: probe_h28k.sh [SECONDS]   (default 300; writes $OUT/probe_h28k/). Each folder is capped
# at 30 s, the scan at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28k "${1:-300}" control_redteam12_moe_dp4a_route \
  control_redteam12_f64_cutoff_prefilter redteam10_dp4a_beside_index redteam11_branch_narrow_dp4a \
  redteam12_branch_store_dp4a redteam12_bare_reg_dp4a redteam12_mbarrier_count_dp4a \
  redteam6_fp64_as_fp32 redteam7_f64_bitcast_fp32 redteam9_dead_f64_majority \
  control_redteam14_range_route_uniform || exit 1
lib=$B/share/solver/kernels
if [[ ! -f "$lib/int8/dp4a_tile_gemm.cuh" && -d kernels/int8 ]]; then
  export SOLVER_KERNELS_DIR=$PWD/kernels
  say "kernel library: the working tree's kernels/ (the bundle's lacks kernels/int8)"
fi
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^control_redteam12_[a-z0-9_]+ +control .*precision' "$O/problems_check.log")" \
  "of 2 answered controls refused offline (must be 0; 2 on main);" \
  "$(grep -cE '^redteam[0-9]+_[a-z0-9_]+ +cheat .*precision' "$O/problems_check.log")" \
  "of 8 cheats refused offline (must be 8)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 30 40 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_h28k: $CP_KEPT of $CP_N folders kept (controls must be kept but the open uniform one)," \
  "$CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
