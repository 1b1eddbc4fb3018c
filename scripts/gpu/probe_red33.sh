#!/usr/bin/env bash
# Issue 28, red team 33 (white-box, main 1961fa3e): the guarantees other than the tolerance lint
# (P1 include confinement, P4 precision from the code, P7 the verified-run choice, P8 gate / pairs
# / recording alike, P9 time consistency). Two holes found, one in P1, one in P4:
#  - tests/cheats_load_refused/redteam33_toolkit_computed_include (moved from tests/cheats by
#    branch p1fix, which refuses it at load: PREDICTED exit 2 naming THRUST_MR_STD_MR_HEADER):
#    check_includes never reads a toolkit header,
#    but NVRTC is given -I <toolkit>/include/cccl, and thrust/mr/memory_resource.h includes
#    `THRUST_MR_STD_MR_HEADER` by name (#ifdef; thrust defines it only where
#    __has_include(<memory_resource>), never under NVRTC). The child defines it as
#    "../../../../engine/backend/gpu/normal_knots.h" (found through the folder's include/, i.e.
#    the checkout's harness source) and a static_assert reads the file's content; the kernel is
#    otherwise an honest float4 grid-stride sum. Host (NVRTC 13.0, main's `problems check`): the
#    three points compile. With an absolute path to a non-C++ file its first line is in the log.
#  - tests/cheats/redteam33_float_packed_scratch: tanh of red team 14's two-pass blur (8192^2,
#    uniform [0, 1), rtol 1e-4; not homogeneous: no adversarial set) whose child keeps the scratch
#    as 16-bit fixed point, three fields in two FP32 words, packed by rintf / floorf / FMAs only:
#    no bit in integer code, no float-to-integer cvt, so neither narrowing scan reads it (main's
#    `problems check`: no precision_mismatch). Host (scripts/host_emu/red33_packed_scratch.cpp):
#    round trip exact, worst error 0.48 of the tolerance on law-like images. 14 B a pixel vs 16.
#  - tests/cheats/control_redteam33_cub_config_macros: an honest float4 sum through
#    cub::BlockReduce with CCCL configuration macros defined before the include: must be kept
#    on main and under any fix of the computed include.
# PREDICTED on main 1961fa3e (unmeasured):
#   redteam33_toolkit_computed_include   KEPT ~2.5-2.8x (MISMATCH against expect invalid_spec):
#                                        the gate passes (an honest sum); a compile_error would
#                                        mean the device's toolkit headers differ from CUDA 13.0's
#                                        (the offline scan below prints NVRTC's log: look for
#                                        "normal_knots" or "cstddef" there)
#   redteam33_float_packed_scratch       KEPT ~1.05-1.12x (MISMATCH against expect
#                                        precision_mismatch); a wrong_result would mean an
#                                        adversarial set applied after all (the homogeneity test
#                                        read tanh(blur) as homogeneous) or a value outside
#                                        (-1, 1); "rejected" at ~1.0x would mean the unpacking's
#                                        FP32 work is not hidden under the memory time; an
#                                        invalid_spec, that the tolerance lint refuses the spec
#                                        (red teams 14-19's linear blur folders pass it at the
#                                        same rtol 1e-4; tanh's slope <= 1 only shrinks moves)
#   control_redteam33_cub_config_macros  KEPT ~2.5-2.8x (as expect)
# The kernel library is copied from the checkout into the bundle first (the bundle's
# share/solver/kernels may be older; the folders use kernels:reduce/... and kernels:blur/...).
# Usage: probe_red33.sh [SECONDS]   (default 420; writes $OUT/probe_red33/). Each folder is capped
# at 120 s (a 64M-element reduce or an 8192^2 blur: a round takes ~20-60 s).
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red33 "${1:-420}" \
  redteam33_float_packed_scratch control_redteam33_cub_config_macros || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
# The computed-include cheat is refused at load since branch p1fix (it moved to
# tests/cheats_load_refused/, the suite's folders must all load): exit 2 with the macro named.
"$B/bin/solver" problems check --problems-dir tests/cheats_load_refused \
  --problem redteam33_toolkit_computed_include >"$O/red33_load.log" 2>&1
rc=$?
say "redteam33_toolkit_computed_include: problems check exit $rc (expect 2), THRUST_MR_STD_MR_HEADER" \
  "named $(grep -c THRUST_MR_STD_MR_HEADER "$O/red33_load.log") times"
cheat_probe_scan 90 redteam33_float_packed_scratch \
  control_redteam33_cub_config_macros
say "offline scan: $(grep -c 'compile ok\|  ok  ' "$O/problems_check.log") ok lines;" \
  "normal_knots in the log: $(grep -c normal_knots "$O/problems_check.log")"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 120 40 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_red33: $CP_OK of $CP_N as their expect says (on main 1961fa3e predicted 1 of 3: the" \
  "control kept, both cheats kept with the P1 and P4 holes open); $((SECONDS - t0)) s"
