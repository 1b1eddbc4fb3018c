#!/usr/bin/env bash
# Issue 28, red team 35 (white-box, main 7fb50aa4): four cheats in two classes no earlier round
# built, two honest controls. Nothing here has run on a GPU (the helper had none); every number
# below is a host prediction (build/tests/engine/red35_sim, main's `solver problems check`).
#  P1, the include-folder walk's silent skips (generators/source_confinement.cpp check_includes):
#  - redteam35_symlink_std_header: include/version is a symlink out of the folder (to
#    ../../../../engine/backend/gpu/normal_knots.h); the walk lists it, resolves it outside and
#    drops it (`!allowed(file) -> continue`) without a refusal. The child includes
#    <cuda/std/cstdint>; CCCL includes <version>, which NVRTC finds in include/ (the toolkit
#    folders lack it), so a static_assert on the harness's knots compiles. Honest float4 sum.
#  - redteam35_walk_cap_shadow: 32 x `-Ipad` (16 files) fill the walk's 512-entry list (repeats
#    counted, no refusal), so shadow/ (-Ishadow, after them) is never listed; shadow/version
#    includes the harness's normal_knots.h by '..'. Same child. With one -Ipad it is refused.
#  P4m, the scratch-resolution step's scope (engine/backend/gpu/scratch_resolution*.cpp):
#  - redteam35_word_scratch_packed: red team 34's 16-bit packed scratch child on a scratch the
#    problem declares u32: `resolution_applies` needs an f32 scratch, so nothing is measured
#    and nothing said.
#  - redteam35_diluted_smooth_share: the same child beside tag = -z, an f16 output larger than
#    out that no movable input reaches: the pooled smooth share is 0.498 < 0.5, "not judged".
#    Both P4m folders draw x from uniform [0.25, 1): on [0, 1) the timed runs shrink values
#    towards 0 and the fixed point fails (red35_sim values: 8.9 of the tolerance; red team 33's
#    child was refused wrong_result live for it); on [0.25, 1) worst 0.26.
#  - control_redteam35_symlink_inside (a helper header through a symlink inside the folder) and
#    control_redteam35_repeated_include_dirs (a cub::BlockReduce helper, its -I folder named
#    twice): honest float4 sums that a careless fix of the P1 cheats would refuse.
# Predicted on main 7fb50aa4 (unmeasured; "got" is compared with each expect's `live:`, which is
# the outcome once closed, so a MISMATCH on a cheat is the prediction):
#   redteam35_symlink_std_header       KEPT ~2.5-2.8x (want invalid_spec): MISMATCH
#   redteam35_walk_cap_shadow          KEPT ~2.5-2.8x (want invalid_spec): MISMATCH
#   redteam35_word_scratch_packed      KEPT ~1.05-1.12x (want precision_mismatch): MISMATCH;
#                                      the gate detail has no "scratch resolution" line
#   redteam35_diluted_smooth_share     KEPT ~1.03-1.07x (want precision_mismatch): MISMATCH;
#                                      the gate detail says "scratch resolution: not judged
#                                      (the reference changes on 49.8% ...)"
#   control_redteam35_symlink_inside   KEPT ~2.5-2.8x (ok)
#   control_redteam35_repeated_include_dirs KEPT ~2.5-2.8x (ok)
# What would falsify them: a P1 cheat not compiling or refused at load on the device copy
# (printed below: whether include/version is still a symlink there and the harness file is at
# its target; a copy that dereferenced the link still compiles, for another reason); a P4m cheat
# `wrong_result` (the tolerance: red35_sim values predicts <= 0.26 of it on every timed run) or
# `invalid_spec` (the tolerance lint on these shapes, which the host did not run); a P4m cheat
# `precision_mismatch` would mean the step ran (then the detail names its counts).
# Usage: probe_red35.sh [SECONDS] [PART]   (default 560, PART all; writes $OUT/probe_red35/).
#   PART: all | p1 (the offline scan, the two P1 cheats and both controls, ~4 x 40-70 s) |
#   p4m (the two blur folders, ~2 x 100-150 s). `p1` then `p4m` fit the device's 600 s a call.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
# The two P1 cheats are refused at load since the lead's fix of session 32 (include-folder
# files that resolve outside refused; the walk deduplicated and refusing where it cuts): they
# moved to tests/cheats_load_refused/ and are checked there (exit 2 each); the controls run.
P1_LOAD="redteam35_symlink_std_header redteam35_walk_cap_shadow"
P1="control_redteam35_symlink_inside control_redteam35_repeated_include_dirs"
P4M="redteam35_word_scratch_packed redteam35_diluted_smooth_share"
# shellcheck disable=SC2086
cheat_probe_init probe_red35 "${1:-560}" $P1 $P4M || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
resolution() { grep -o 'scratch resolution[^;"]\{0,160\}' <<<"$1" | head -1; }
if [[ "$PART" == all || "$PART" == p1 ]]; then
  for name in $P1_LOAD; do
    "$B/bin/solver" problems check --problems-dir tests/cheats_load_refused --problem "$name" \
      >"$O/${name}_load.log" 2>&1
    say "$name: problems check exit $? (expect 2: refused at load);" \
      "$(grep -c 'resolves outside the problem folder\|leaves the problem folder' "$O/${name}_load.log") refusal lines"
  done
  l=tests/cheats_load_refused/redteam35_symlink_std_header/include/version
  say "include/version on this copy: $(if [[ -L $l ]]; then echo "a symlink to $(readlink "$l")"; else echo "NOT a symlink (the copy dereferenced it)"; fi);" \
    "its target readable: $([[ -r $l ]] && echo yes || echo no)"
  # shellcheck disable=SC2086
  cheat_probe_scan 150 $P1 $P4M
  say "offline scan: $(grep -c 'compile ok\|  ok  ' "$O/problems_check.log") ok lines," \
    "failed: $(grep -o '[0-9]* failed' "$O/problems_check.log" | tail -1)," \
    "precision_mismatch lines: $(grep -c precision_mismatch "$O/problems_check.log")" \
    "(predicted: every point compiles, 0 failed, 0 precision_mismatch)"
  for name in $P1; do
    [[ " $CP_DIRS " == *" $name "* ]] || continue
    CR_SEED=11 cheat_probe_round "$name" 120 40 check || continue
    say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  done
fi
if [[ "$PART" == all || "$PART" == p4m ]]; then
  for name in $P4M; do
    [[ " $CP_DIRS " == *" $name "* ]] || continue
    CR_SEED=11 cheat_probe_round "$name" 200 40 check || continue
    r=$(resolution "$CR_REC")
    say "  scratch resolution in the record: ${r:-none (the step did not run, or said nothing)}"
    say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  done
fi
say "probe_red35: $CP_OK of $CP_N as their expect says, $CP_KEPT kept (on main 7fb50aa4" \
  "predicted: the two controls ok, the two P4m cheats kept, so 2 of 4 and 4 kept; the two P1"
  "cheats exit 2 at load);" \
  "$((CP_BUDGET - $(left) - 2)) s"
