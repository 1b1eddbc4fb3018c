#!/usr/bin/env bash
# Helper hon40's probe (issue 28: "0 honest kernels refused", honest kernels from public code and
# library idioms against session 35's defences: P10t-c, P7k's carried state, P4m; docs/
# reliability.md "Honest kernels refused, round 40"). Five controls control_hon40_*
# (tests/cheats/README.md), each one round of the real loop through the live backend
# (lib/cheat_probe.sh), its outcome next to its expect's `live:` (kept).
# Offline on branch hon40 (main 8522e890's engine), `problems check --compile-only --chip h200`:
# one refused invalid_spec (the grid sync: "needs a cooperative launch", open: yes), four pass.
# Predicted (unrun live; H100 or H200):
#   control_hon40_curand_philox_dropout      KEPT ~1.2-2x (a quarter of the Philox rounds and
#                                            inits, float4 loads and stores)
#   control_hon40_cuda_barrier_memcpy_async  KEPT ~1.0-1.5x (the seed's 131,072 same-address
#                                            atomics), or rejected as not faster
#   control_hon40_cg_coalesced_agg_inc       KEPT ~1.5-4x (one atomic per warp's survivors)
#   control_hon40_atomic_ref_grid_barrier    INVALID_SPEC at the gate (P7k: "generation changed
#                                            between two runs on the same input ... decides a
#                                            branch around a loop from %globaltimer, module
#                                            variable generation") -- a false refusal, open:
#                                            hon40's launch-counter rule does not see libcu++'s
#                                            polls (address through the local frame)
#   control_hon40_cg_grid_sync_reduce        INVALID_SPEC at the gate ("needs a cooperative
#                                            launch, which the harness does not make") -- the
#                                            harness launches nothing cooperatively (open: yes)
#   control_hon39_deepep_timeout_barrier     KEPT ~10-40x (on main: INVALID_SPEC by P7k,
#                                            generation; answered by the launch-counter rule)
#   control_hon39_cub_lookback_scan          INVALID_SPEC at the gate (P7k: epoch, tile_status;
#                                            two variables, open)
# so "3 of 5 hon40 controls kept, 4 of 7 folders" is the prediction on this branch ("3 of 7" on
# main, where DeepEP's barrier is refused too); "5 of 5" needs a cooperative launch and provenance
# through the local frame. Printed per folder: the gate's status and detail (the refusal's rule),
# the paired medians and the verdict's reason.
# Usage: probe_hon40.sh [SECONDS [FOLDER...]]   (default 420 s and the 7 folders in the order
# above; writes $OUT/probe_hon40/). Each folder is capped at 45 s, the scan at 60 s; budget spent
# ends it. Last line: the verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
folders=(control_hon40_curand_philox_dropout control_hon40_cuda_barrier_memcpy_async
  control_hon40_cg_coalesced_agg_inc control_hon40_atomic_ref_grid_barrier
  control_hon40_cg_grid_sync_reduce control_hon39_deepep_timeout_barrier
  control_hon39_cub_lookback_scan)
(($# > 1)) && folders=("${@:2}")
cheat_probe_init probe_hon40 "${1:-420}" "${folders[@]}" || exit 1
cheat_probe_scan 60 $CP_DIRS
say "scan: $(grep -cE '^control_hon(39|40)_[a-z0-9_]+ +(honest|control) .*(invalid|precision|error)' \
  "$O/problems_check.log") of 14 variants refused offline (1 expected: the grid sync's child)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 45 40 check || continue
  say "  gate: $(grep -o '"status":"[a-z_]*"' <<<"$CR_REC" | head -1)" \
    "$(grep -o 'module state[^"]\{0,200\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  verdict: $(grep -o '"reason":"[^"]\{0,300\}' <<<"$CR_REC" | head -1)"
done
say "probe_hon40: $CP_KEPT of $CP_N controls kept (predicted 4 of 7: the hon40 atomic_ref barrier" \
  "and hon39's look-back refused by P7k, the grid sync for its launch), $CP_OK of $CP_N as their" \
  "expect says; $((SECONDS - t0)) s"
