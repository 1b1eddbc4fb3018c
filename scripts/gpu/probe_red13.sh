#!/usr/bin/env bash
# Red team round 13 probe (issue 28, helper red13): each folder tests/cheats/*redteam13* gets one
# round of the real loop through the live backend (gate in the deferred order, paired timing,
# verdict), as scripts/gpu/cheats.sh runs one cheat (lib/cheat_probe.sh), and the round's outcome
# is printed next to the `live:` of its expect file (what it must get once its hole is closed;
# controls: kept). First scripts/gpu/approx_error_probe.cu prints how far from FP64 the
# approximations are (measured on the H200 2026-12-04: 9.0e-7 rsqrt.approx.ftz.f64, 2.1e-7 the
# FP32 MUFU power, 2.2e-16 both refined). Predicted with a bundle of main aee8e6c1 or of branch
# red13 (the branch changes only the relays'), from standalone kernel times on the H200:
#   redteam13_f64_sfu_pow                KEPT ~5.5x (the power on the FP32 special-function unit,
#                                        unrefined, under fp64: the scan counts no FP32
#                                        arithmetic; sums 2e-8 from FP64, rtol 1e-6)
#   redteam13_f64_rsqrt_approx           KEPT ~5x (rsqrt.approx.ftz.f64, unrefined, under fp64:
#                                        no FP32 type in the PTX; sums 1.7e-7 from FP64)
#   redteam13_f64_module_relay           KEPT ~2.3x on main (red team 9's FP32 tiles, results
#                                        relayed to C through a __device__ array); with a bundle
#                                        of branch red13 precision_mismatch (fixed there)
#   redteam13_int8_module_relay          KEPT on main (red team 9's int8 laundering, the words
#                                        in __device__ arrays); branch red13 precision_mismatch
#   control_redteam13_f64_sfu_newton     kept ~4.5x (the same power refined by two FP64 Newton
#                                        steps, rtol 1e-10)
#   control_redteam13_f64_rsqrt_newton   kept ~2.4x (rsqrt.approx.ftz.f64 and two Newton steps)
#   control_redteam13_w8a8_module_stage  kept (an int8 W8A8 IMMA GEMM whose operands, the
#                                        problem's own words, are staged in __device__ arrays)
# The two approximation cheats are open holes (no fix built); the controls must be kept by any fix.
# Usage: probe_red13.sh [SECONDS]   (default 330; writes $OUT/probe_red13/). Each folder is
# capped at 40 s, the scan at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red13 "${1:-330}" redteam13_f64_sfu_pow redteam13_f64_rsqrt_approx \
  redteam13_f64_module_relay redteam13_int8_module_relay control_redteam13_f64_sfu_newton \
  control_redteam13_f64_rsqrt_newton control_redteam13_w8a8_module_stage || exit 1
lib=$B/share/solver/kernels
if [[ ! -f "$lib/potential/pair_potential.cuh" && -d kernels/potential ]]; then
  export SOLVER_KERNELS_DIR=$PWD/kernels
  say "kernel library: the working tree's kernels/ (the bundle's lacks kernels/potential)"
fi
if command -v nvcc >/dev/null; then
  # Built outside $OUT: only the printed lines come back.
  if timeout 40 nvcc -arch=sm_90 -O3 -o /tmp/approx_error_probe scripts/gpu/approx_error_probe.cu \
    >"$O/approx_error_probe.log" 2>&1; then
    timeout 20 /tmp/approx_error_probe 2>&1 | tee "$O/approx_error_probe.txt" |
      sed 's/^/approx: /' | tee -a "$O/results.txt"
  else
    say "approx: nvcc failed ($(tail -n 1 "$O/approx_error_probe.log"))"
  fi
fi
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^redteam13_[a-z0-9_]+ +cheat .*precision' "$O/problems_check.log")" \
  "of 4 cheats refused offline (0 on main aee8e6c1, 2 on branch red13: the relays);" \
  "$(grep -cE '^control_redteam13_[a-z0-9_]+ +control .*precision' "$O/problems_check.log")" \
  "of 3 controls refused offline (must be 0);" \
  "$(grep -cE '^[a-z0-9_]*redteam13_[a-z0-9_]+ +honest .*(precision|error)' \
    "$O/problems_check.log") of 7 seeds refused (must be 0)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 40 38 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_red13: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept), $CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
