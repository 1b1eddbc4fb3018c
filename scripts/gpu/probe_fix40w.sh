#!/usr/bin/env bash
# Issue 28, helper fix40w (session 36): red team 40's struct-param reader closed in P4m's
# write-only exemption (generators/ptx_store_words.cpp, generators/ptx_taint.cpp: a parameter the
# launches bind to a buffer names it at any load width; a read through an address of unknown
# origin reads every region). Nothing here has run on a GPU (the helper had none). Predicted,
# "got" compared with each expect's `live:`:
#   redteam40_struct_param_reader     precision_mismatch (red team 34's verdict on mid: mid is now
#                                     read through `const uint2 mid_bits`, judged; host
#                                     scripts/host_emu/p4fix_scratch_resolution.cpp 0.911-0.912 of
#                                     judged words unresolved); was KEPT on main 89b67169
#   control_redteam40_uint2_profiler  KEPT ~2.5-2.7x, the detail "scratch resolution: not judged:
#                                     written only (prof)" (its stores through the uint2 now name
#                                     prof; nothing loads it); was a predicted false refusal
#   control_hon39_flashinfer_profiler, control_hon39_cuda_samples_clock
#                                     KEPT (write-only, unchanged on the host: red40_sim regions)
# Each folder's gate detail is grepped for its "scratch resolution:" part, saved under
# $OUT/probe_fix40w/.
# Usage: probe_fix40w.sh [SECONDS]   (default 360; writes $OUT/probe_fix40w/). Last line: verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
FOLDERS="redteam40_struct_param_reader control_redteam40_uint2_profiler
control_hon39_flashinfer_profiler control_hon39_cuda_samples_clock"
# shellcheck disable=SC2086
cheat_probe_init probe_fix40w "${1:-360}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
for name in $CP_DIRS; do cheat_probe_round "$name" 85 40 check || break; done
grep -rhoE "scratch resolution:[^;]*" "$O" --exclude=resolution_lines.txt 2>/dev/null | sort | uniq -c | head -40 |
  tee "$O/resolution_lines.txt" >/dev/null || true
say "probe_fix40w: $CP_OK of $CP_N as their expect says (predicted all: the cheat" \
  "precision_mismatch, the 3 controls kept); $((CP_BUDGET - $(left) - 2)) s"
