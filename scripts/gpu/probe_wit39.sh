#!/usr/bin/env bash
# Issue 28, helper wit39 (session 35): P4c's forward cap (the seed as witness of S), P4m's witness
# for a 16-bit scratch, and P4m reading .global arrays declared inside inline asm. Nothing here
# has run on a GPU (the helper had none). Predicted, "got" compared with each expect's `live:`:
#   redteam38b_kappa_short_exp      precision_mismatch: the class detail "outside the fp64
#                                   class's own error bound" at ~2.4-4x (host: class_scale_sim,
#                                   the folder's kernels modelled in double, S at the floor share
#                                   2^-8 with the worker's 64 Qmed fold: 2.39, 4.03, 3.3, 2.83 on
#                                   sets 0-2 and timed run 11; main's full S: 0.04-0.06, kept)
#   control_redteam38b_kappa_tang_exp KEPT ~1.2-1.4x (its error 3.6e-16 relative passes the plain
#                                   class bound 2^-32 |r|; S never needed)
#   redteam38_half_word_scratch     precision_mismatch, the scratch line naming "mid (f16, its
#                                   seed's words are FP32)" at ~96% unresolved (host:
#                                   wit39_half_word_witness.cpp, the folder's own kernels: 0.963-
#                                   0.965 as FP32 words). Its seed gated first passes, its words
#                                   "read as FP32 words: the seed's, the witness" (host: 0 of
#                                   65,536 unresolved; read as FP16 words, as main reads them,
#                                   the seed itself is refused at 98.5%: on main this folder's
#                                   seed is a precision_mismatch, and its child faulted before
#                                   this branch addressed its stage as floats)
#   wit39_asm_global_stage          precision_mismatch naming "module array $__stage_bytes__N"
#                                   (~97% unresolved, red team 34's packing); if the driver's
#                                   cuModuleGetGlobal does not find ptxas's mangled name, the
#                                   same status with "could not be read back from the loaded
#                                   module" (then control_wit39_asm_global_stage is refused too)
#   control_wit39_asm_global_stage  KEPT ~1.3-1.5x, its scratch line naming "module array
#                                   $__stage_mid_bytes__N" with few unresolved words
#   control_redteam38_module_stage  KEPT (its seed now kernels/blur/blur_tanh_f64_scratch.cu, the
#                                   same text moved: same PTX)
#   control_redteam15_f64_fd_shift  KEPT (the pool most at risk from the floor: its honest
#                                   children err 2^-28.5 S, far above 2^-40 S, and pass on the
#                                   reference-noise term 64 Qmed |r|: class_scale_sim S+Qmed
#                                   0.083-0.088 of the bound, the same with the floor)
#   control_redteam15_f64_pole_exp2_poly KEPT (host: 1.4e-6 of the bound at the floor)
# The built-in pools (problems/*) have no fp64 variant and no 16-bit scratch under an fp32
# class: nothing there moves (their rows are not probed here).
# Usage: probe_wit39.sh [SECONDS]   (default 560; writes $OUT/probe_wit39/). Last line: verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
FOLDERS="redteam38b_kappa_short_exp wit39_asm_global_stage control_wit39_asm_global_stage
redteam38_half_word_scratch control_redteam38b_kappa_tang_exp control_redteam15_f64_fd_shift
control_redteam38_module_stage control_redteam15_f64_pole_exp2_poly"
# shellcheck disable=SC2086
cheat_probe_init probe_wit39 "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
for name in $CP_DIRS; do cheat_probe_round "$name" 150 40 check || break; done
say "probe_wit39: $CP_OK of $CP_N as their expect says (predicted all: the 3 cheats" \
  "precision_mismatch, the 5 controls kept); $((CP_BUDGET - $(left) - 2)) s"
