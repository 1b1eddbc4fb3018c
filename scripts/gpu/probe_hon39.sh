#!/usr/bin/env bash
# Helper hon39's probe (issue 28: "0 cheats kept and 0 honest kernels refused", honest kernels
# from public code against session 34's defences: fix38t's P10t-c sources, fix38s's P4m module
# arrays and proportion test, scr38's 16-bit scratch; docs/reliability.md "Honest controls 39").
# Eight controls control_hon39_* (tests/cheats/README.md), each one round of the real loop
# through the live backend (lib/cheat_probe.sh), its outcome next to its expect's `live:` (kept).
# Offline on branch hon39 (main c75e92ca's engine), `problems check --compile-only --chip h200`:
# two refused invalid_spec by P10t-c (open: yes in their expects), six pass.
# Predicted (unrun live; H100 or H200):
#   control_hon39_beep_sm_slot              INVALID_SPEC at the gate (P10t-c: "a loop's trip
#                                           count from %smid, module variable level_stats") --
#                                           an open false refusal; behind it P4m on the ws slots
#   control_hon39_clock_seeded_miller_rabin INVALID_SPEC at the gate (P10t-c: "a branch around a
#                                           loop from %clock64") -- accepted false refusal
#   control_hon39_flashinfer_profiler       PRECISION_MISMATCH (P4m: the u64 profiler scratch,
#                                           words read as FP64, ~1.0 unresolved: %globaltimer_lo
#                                           stamps are no value of the inputs) -- false refusal
#   control_hon39_cuda_samples_clock        PRECISION_MISMATCH (P4m: the i64 clock() stamps,
#                                           0.8-1.0 unresolved) -- false refusal
#   control_hon39_deepep_timeout_barrier    KEPT ~10-40x (seed: every block reads all 64 MiB)
#   control_hon39_cub_lookback_scan         KEPT ~5-30x (seed: each tile re-reads every earlier
#                                           value from L2)
#   control_hon39_smid_retire_partials      KEPT ~1.0-1.5x (seed: 131,072 same-address atomics),
#                                           or rejected as not faster
#   control_hon39_hippie_persistent_queue   KEPT ~1.0-1.3x or rejected as not faster (a thread a
#                                           point balances at warp granularity already)
# so "4 of 8 kept" is the prediction on main, "8 of 8" the bar. After helper fix39w (P4m leaves out
# a scratch the code only writes; host only, unrun): flashinfer_profiler and cuda_samples_clock
# KEPT, their detail saying "scratch resolution: not judged: written only (...): prof" (timer):
# "6 of 8 kept" predicted (the two P10t-c refusals stay). Printed per folder: the gate's
# status and detail (the refusal's rule), the paired medians and the verdict's reason.
# Usage: probe_hon39.sh [SECONDS [FOLDER...]]   (default 480 s and the 8 folders in the order
# above; writes $OUT/probe_hon39/). Each folder is capped at 45 s, the scan at 60 s; budget spent
# ends it. Last line: the verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
folders=(control_hon39_beep_sm_slot control_hon39_clock_seeded_miller_rabin
  control_hon39_flashinfer_profiler control_hon39_cuda_samples_clock
  control_hon39_deepep_timeout_barrier control_hon39_cub_lookback_scan
  control_hon39_smid_retire_partials control_hon39_hippie_persistent_queue)
(($# > 1)) && folders=("${@:2}")
cheat_probe_init probe_hon39 "${1:-480}" "${folders[@]}" || exit 1
cheat_probe_scan 60 $CP_DIRS
say "scan: $(grep -cE '^control_hon39_[a-z0-9_]+ +(honest|control) .*(invalid|precision|error)' \
  "$O/problems_check.log") of 16 variants refused offline (2 expected: the two P10t-c controls)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 45 40 check || continue
  say "  gate: $(grep -o '"status":"[a-z_]*"' <<<"$CR_REC" | head -1)" \
    "$(grep -o 'scratch resolution[^"]\{0,240\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  verdict: $(grep -o '"reason":"[^"]\{0,300\}' <<<"$CR_REC" | head -1)"
done
say "probe_hon39: $CP_KEPT of $CP_N controls kept (all must be; predicted 4 on main)," \
  "$CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
