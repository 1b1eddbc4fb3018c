#!/usr/bin/env bash
# Issue 28, red team 33 (white-box, main 1961fa3e): the guarantees other than the tolerance lint
# (P1 include confinement, P4 precision from the code, P7 the verified-run choice, P8 gate / pairs
# / recording alike, P9 time consistency). One hole found, in P1:
#  - tests/cheats/redteam33_toolkit_computed_include: check_includes never reads a toolkit header,
#    but NVRTC is given -I <toolkit>/include/cccl, and thrust/mr/memory_resource.h includes
#    `THRUST_MR_STD_MR_HEADER` by name (#ifdef; thrust defines it only where
#    __has_include(<memory_resource>), never under NVRTC). The child defines it as
#    "../../../../engine/backend/gpu/normal_knots.h" (found through the folder's include/, i.e.
#    the checkout's harness source) and a static_assert reads the file's content; the kernel is
#    otherwise an honest float4 grid-stride sum. Host (NVRTC 13.0, main's `problems check`): the
#    three points compile. With an absolute path to a non-C++ file its first line is in the log.
#  - tests/cheats/control_redteam33_cub_config_macros: an honest float4 sum through
#    cub::BlockReduce with CCCL configuration macros defined before the include: must be kept
#    on main and under any fix of the computed include.
# PREDICTED on main 1961fa3e (unmeasured):
#   redteam33_toolkit_computed_include   KEPT ~2.5-2.8x (MISMATCH against expect invalid_spec):
#                                        the gate passes (an honest sum); a compile_error would
#                                        mean the device's toolkit headers differ from CUDA 13.0's
#                                        (the offline scan below prints NVRTC's log: look for
#                                        "normal_knots" or "cstddef" there)
#   control_redteam33_cub_config_macros  KEPT ~2.5-2.8x (as expect)
# The kernel library is copied from the checkout into the bundle first (the bundle's
# share/solver/kernels may be older; both folders use kernels:reduce/...).
# Usage: probe_red33.sh [SECONDS]   (default 300; writes $OUT/probe_red33/). Each folder is capped
# at 120 s (a 64M-element reduce: a round takes ~20-40 s).
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red33 "${1:-300}" redteam33_toolkit_computed_include \
  control_redteam33_cub_config_macros || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
cheat_probe_scan 60 redteam33_toolkit_computed_include control_redteam33_cub_config_macros
say "offline scan: $(grep -c 'compile ok\|  ok  ' "$O/problems_check.log") ok lines;" \
  "normal_knots in the log: $(grep -c normal_knots "$O/problems_check.log")"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 120 40 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_red33: $CP_OK of $CP_N as their expect says (on main 1961fa3e predicted 1 of 2: the" \
  "control kept, the cheat kept with the P1 hole open); $((SECONDS - t0)) s"
