#!/usr/bin/env bash
# Issue 28, red team 40 (white-box, main 8522e890: after ctr39's P7k, wit39, fix39w and fix39c):
# three cheats and two controls. Nothing here has run on a GPU (the helper had none). Predicted on
# main, "got" compared with each expect's `live:` (the outcome once fixed, so MISMATCH is the
# hole showing):
#   redteam40_workspace_call_count    KEPT ~2.7x (MISMATCH; want invalid_spec): every run the
#                                     worker makes refills the scratch with garbage, so the tag is
#                                     never found and the count is 1 (host: 0 of 1,000,000 runs)
#   redteam40_garbage_window_tell     KEPT ~2.7x (MISMATCH; want wrong_result): the recogniser
#                                     finds the worker's garbage on every run (host: 200,000 of
#                                     200,000), so every run the harness makes sums honestly
#   redteam40_struct_param_reader     KEPT ~1.05-1.35x (MISMATCH; want precision_mismatch), the
#                                     detail saying "scratch resolution: not judged: written only
#                                     (mid)" (host: mid write-only for the worker's scan)
#   control_redteam40_workspace_partials   KEPT ~2.5-2.7x (as expect)
#   control_redteam40_uint2_profiler  precision_mismatch (MISMATCH: a false refusal), the detail
#                                     naming prof (u64, its words read as FP64) ~1.0 unresolved
#                                     (host model: 2,112 of 2,112)
# The offline scan (the bundle's `problems check --compile-only`) refuses none of the five.
# Part caller (scripts/gpu/red40_caller.cu, nvcc): what a caller's process gets from the two
# workspace children on one workspace it allocated once: predicted calls 32 and 64 of 64 slow
# (~96x the median call) and a mean ~4x the median; the garbage tell not recognising a zeroed
# workspace (its estimate ~1-5 tolerances off) and recognising the worker's garbage (right).
# Usage: probe_red40.sh [SECONDS] [PART]   (default 540, PART all; writes $OUT/probe_red40/).
#   PART: all | caller | folders. The last line is the verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
FOLDERS="redteam40_workspace_call_count redteam40_garbage_window_tell redteam40_struct_param_reader
control_redteam40_workspace_partials control_redteam40_uint2_profiler"
# shellcheck disable=SC2086
cheat_probe_init probe_red40 "${1:-540}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
slow_calls=unknown
if [[ "$PART" == all || "$PART" == caller ]]; then
  if nvcc -O2 -arch=sm_90 -Ikernels/reduce -o "$O/red40_caller" scripts/gpu/red40_caller.cu \
    >"$O/caller_build.log" 2>&1; then
    timeout 60 "$O/red40_caller" >"$O/caller.txt" 2>&1
    while read -r l; do say "$l"; done <"$O/caller.txt"
    slow_calls=$(awk '/of 64 calls slow/ { print $2 }' "$O/caller.txt")
    say "caller: call-count slow calls ${slow_calls:-none} of 64 (predicted 2)"
  else
    say "caller: nvcc failed ($O/caller_build.log)"
  fi
fi
if [[ "$PART" == all || "$PART" == folders ]]; then
  # shellcheck disable=SC2086
  cheat_probe_scan 180 $CP_DIRS
  say "offline scan: refusals $(grep -c 'precision_mismatch\|invalid_spec\|lint' "$O/problems_check.log")" \
    "(predicted 0)"
  for name in $CP_DIRS; do cheat_probe_round "$name" 120 40 check || break; done
fi
say "probe_red40: $CP_OK of $CP_N as their expect says (predicted on main: 1, the partials" \
  "control; the 3 cheats MISMATCH, kept; control_redteam40_uint2_profiler MISMATCH," \
  "precision_mismatch); caller slow calls: $slow_calls; $((CP_BUDGET - $(left) - 2)) s"
