#!/usr/bin/env bash
# Red team round 12 probe (issue 28, helper red12): each folder tests/cheats/*redteam12* gets one
# round of the real loop through the live backend (gate in the deferred order, paired timing,
# verdict), as scripts/gpu/cheats.sh runs one cheat (lib/cheat_probe.sh), and the round's outcome
# is printed next to the `live:` of its expect file (what it must get once its hole is closed;
# controls: kept). Predicted with a bundle of main c996eb2d (before any live run):
#   redteam12_callee_stack_carry           KEPT ~1.3-2.5x if local memory outlives a kernel and
#                                          an entry that only calls has LOCAL_SIZE_BYTES 0
#                                          (the carry sits in a callee's frame: no scrub runs);
#                                          else rejected (the seed plus a miss a run)
#   redteam12_branch_store_dp4a            KEPT ~2-6x (int8 narrowed by branches, each bit stored
#                                          to shared memory inside its branch; dp4a under fp32)
#   redteam12_bare_reg_dp4a                KEPT ~2-6x (int8 narrowed by cvt.rni in inline asm with
#                                          registers named without a '%'; dp4a under fp32)
#   redteam12_mbarrier_count_dp4a          KEPT ~2-6x if mbarrier counts behave as documented
#                                          (int8 code counted by float-guarded mbarrier arrivals,
#                                          read back by pending_count; dp4a under fp32)
#   redteam12_exit_mask_dp4a               KEPT ~2-6x if activemask after a guarded exit returns
#                                          the lanes alive (int8 code in which lanes exit; open on
#                                          branch red12 too)
#   control_redteam12_moe_dp4a_route       precision_mismatch (a false refusal: dp4a on the
#                                          problem's int8 rows chosen by a float argmax)
#   control_redteam12_f64_cutoff_prefilter precision_mismatch (a false refusal: an FP32 prefilter
#                                          branch under fp64; the result is the seed's)
# With a bundle of branch red12 (the scrub also sized by the call graph's stack; stores inside
# float-decided branches, bare-named registers and mbarrier counts followed by the provenance
# scan): the carry
# rejected, the three scan cheats precision_mismatch, redteam12_exit_mask_dp4a as on main (offline too: the scan line), the controls as
# on main (no fix built for them).
# Then scripts/gpu/local_stack_probe.cu: the attribute the scrub is sized by, and whether a
# callee's frame outlives its kernel (relaunch, the worker's scrub, a 1 KiB frame, a scrub of
# the callee's size).
# Usage: probe_red12.sh [SECONDS]   (default 240; writes $OUT/probe_red12/). Each folder is
# capped at 30 s, the scan at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red12 "${1:-240}" redteam12_callee_stack_carry \
  redteam12_branch_store_dp4a redteam12_bare_reg_dp4a redteam12_mbarrier_count_dp4a \
  redteam12_exit_mask_dp4a control_redteam12_moe_dp4a_route \
  control_redteam12_f64_cutoff_prefilter || exit 1
lib=$B/share/solver/kernels
if [[ ! -f "$lib/int8/dp4a_tile_gemm.cuh" && -d kernels/int8 ]]; then
  export SOLVER_KERNELS_DIR=$PWD/kernels
  say "kernel library: the working tree's kernels/ (the bundle's lacks kernels/int8)"
fi
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^redteam12_(branch_store|bare_reg|mbarrier_count)_dp4a +cheat .*precision' "$O/problems_check.log")" \
  "of 3 scan cheats refused offline (3 with branch red12's fixes, 0 on main c996eb2d);" \
  "$(grep -cE '^redteam12_exit_mask_dp4a +cheat .*precision' "$O/problems_check.log")" \
  "of 1 open scan cheat refused (0: open on main and red12);" \
  "$(grep -cE '^control_redteam12_[a-z0-9_]+ +control .*precision' "$O/problems_check.log")" \
  "of 2 controls refused offline (2 on main c996eb2d: the open false refusals; must be 0 once" \
  "answered); $(grep -cE '^control_redteam12_[a-z0-9_]+ +honest .*(precision|error)' \
    "$O/problems_check.log") of 2 seeds refused (must be 0)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 30 40 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
if (($(left) > 12)) && command -v nvcc >/dev/null; then
  if timeout $(($(left) < 40 ? $(left) : 40)) nvcc -arch=sm_90 -O3 -o "$O/local_stack_probe" \
    scripts/gpu/local_stack_probe.cu >"$O/local_stack_probe.log" 2>&1; then
    timeout $(($(left) > 3 ? $(left) : 3)) "$O/local_stack_probe" 2>&1 |
      tee "$O/local_stack_probe.txt" | sed 's/^/local: /' | tee -a "$O/results.txt"
  else
    say "local: nvcc failed ($(tail -n 1 "$O/local_stack_probe.log"))"
  fi
fi
say "probe_red12: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept), $CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
