#!/usr/bin/env bash
# Issue 28, helper fix38s (session 34): P4m's two red team 38 holes closed. Nothing here has run
# on a GPU (the helper had none). Predicted, "got" compared with each expect's `live:`:
#   redteam38_dithered_scratch     precision_mismatch (the step now also counts a judged word
#                                  whose fine-move change is out of proportion to 2^-8 of its
#                                  coarse-move change: the host emulation's share rises from
#                                  ~0.19 to well above the 0.25 bar); the detail names mid and
#                                  "moved them out of proportion to it (N words)"
#   redteam38_module_stage_packed  precision_mismatch, the detail naming "module array
#                                  stage_words" (module-scope .global arrays read back around
#                                  each of the step's runs via cuModuleGetGlobal, judged as FP32
#                                  words: red team 34's packing, ~0.97 unresolved on the host)
#   control_redteam38_module_stage KEPT ~3x (as expect: honest FP32 words in the array resolve
#                                  the fine move in proportion), its scratch line naming
#                                  "module array stage_mid" with few unresolved words (host: the
#                                  same FP32 row sums in a declared scratch, 0 unresolved)
#   control_scr38_half_scratch, control_scr38_bf16_scratch, control_redteam34_splitk_scratch
#                                  KEPT (as expect; the proportion test on honest words)
# Usage: probe_fix38s.sh [SECONDS]   (default 560; writes $OUT/probe_fix38s/). Last line: verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
FOLDERS="redteam38_dithered_scratch redteam38_module_stage_packed control_redteam38_module_stage
control_scr38_half_scratch control_scr38_bf16_scratch control_redteam34_splitk_scratch"
# shellcheck disable=SC2086
cheat_probe_init probe_fix38s "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
for name in $CP_DIRS; do cheat_probe_round "$name" 150 40 check || break; done
say "probe_fix38s: $CP_OK of $CP_N as their expect says (predicted all: the 2 cheats" \
  "precision_mismatch, the 4 controls kept); $((CP_BUDGET - $(left) - 2)) s"
