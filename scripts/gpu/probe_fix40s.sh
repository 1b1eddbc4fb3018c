#!/usr/bin/env bash
# Issue 28, helper fix40s (session 36): red team 39's strata tell and wide words closed in P4m's
# scratch-resolution step. Nothing here has run on a GPU (the helper had none). Predicted, "got"
# compared with each expect's `live:`:
#   redteam39_resolution_strata_tell  precision_mismatch in ~87% of rounds (red team 34's verdict
#                                     on mid, ~0.9 of judged words unresolved): the step's base is
#                                     now a timed run's draw with P6l's strata (resolution_sets.h),
#                                     on which the child's F test finds strata as often as on a
#                                     timed run (host, red38b_sim strata: 0.8725 of bases, was
#                                     0.0100), and its moves keep them (0.8725 / 0.8650); KEPT in
#                                     the ~13% of rounds whose three runs all escape its test
#                                     (0.1275 on the host): one round here misses with that chance
#   redteam39_wide_word_fields        precision_mismatch (fix39w's reading, unchanged: FP32 words)
#   control_redteam39_double2_partials KEPT (fp32 class: its FP64 partials keep FP32's moves, as
#                                     before; the stratified base changes nothing the host sees)
#   control_redteam38_module_stage, control_scr38_half_scratch, control_scr38_bf16_scratch,
#   control_redteam34_splitk_scratch  KEPT (honest scratch on a stratified base: the law's values
#                                     in complementary halves of the law, every value in its
#                                     support, the same arithmetic)
# Not exercised here: FP64's own fine move (2^-47, fp64 class, every movable input f64). No
# folder of the corpus is an fp64 problem with f64 inputs that keeps 64-bit words in a scratch
# or module array (the one fp64 folder with a module array, redteam13_f64_module_relay, has f32
# inputs and is refused offline), so its only evidence is scratch_resolution_test "fix40s".
# Each folder's gate detail is grepped for its "scratch resolution:" part (the base and moves
# the step used), saved under $OUT/probe_fix40s/.
# Usage: probe_fix40s.sh [SECONDS]   (default 560; writes $OUT/probe_fix40s/). Last line: verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
FOLDERS="redteam39_resolution_strata_tell redteam39_wide_word_fields control_redteam39_double2_partials
control_redteam38_module_stage control_scr38_half_scratch control_scr38_bf16_scratch
control_redteam34_splitk_scratch"
# shellcheck disable=SC2086
cheat_probe_init probe_fix40s "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
for name in $CP_DIRS; do cheat_probe_round "$name" 110 40 check || break; done
grep -rhoE "scratch resolution:[^;]*" "$O" --exclude=resolution_lines.txt 2>/dev/null | sort | uniq -c | head -40 |
  tee "$O/resolution_lines.txt" >/dev/null || true
say "probe_fix40s: $CP_OK of $CP_N as their expect says (predicted all: the 2 cheats" \
  "precision_mismatch -- the strata tell in ~87% of rounds -- the 5 controls kept);" \
  "$((CP_BUDGET - $(left) - 2)) s"
