#!/usr/bin/env bash
# Helper hon22's probe (issue 28: "0 honest kernels refused", round 4 of honest kernels nobody
# here wrote): 11 honest controls control_hon22_* (tests/cheats/README.md, hon22;
# docs/reliability.md "Honest kernels nobody here wrote, round 4"), each one round of the real
# loop through the live backend (lib/cheat_probe.sh), its outcome next to its expect's `live:`
# (kept). Offline all 11 pass `problems check --compile-only` and cheat_suite_test on branch
# hon22 (the PTX scans' table lookups, magic numbers and callee inlining among them); the
# per-input lint, decided on the device, was emulated on the host for the four folders with
# several echoed inputs (tests/engine/hon22_sim): none refused as declared. One was refused on
# main where the verdict is decided on the device, answered on branch hon22:
#   imath_half_elut: x.half() of U[-1, 1) at fp16 rtol 1e-3, atol 1e-7. The gate's
#     exponent-range-down set (largest value 2^-3) compared at atol x 2^-3 = 1.25e-8, under FP16's
#     own subnormal rounding (up to 2^-25 = 3e-8): on main the SEED fails it (wrong_result; 48 of
#     2^20 values in scaled_atol_test, ~770 of 2^24); on hon22 scaled_atol keeps the floor.
# Predicted (no GPU in that session; H100 or H200; the seeds are naive ports, so each child is
# clearly faster):
#   control_hon22_arm_expf_table          KEPT ~5-20x (seed: a thread per 64 values)
#   control_hon22_arm_logf_table          KEPT ~5-20x (seed: a thread per 64 values)
#   control_hon22_nf4_lut_dequant         KEPT ~3-10x (seed: a thread per 64-value block)
#   control_hon22_noinline_bias_gelu_mean KEPT ~5-20x (seed: a thread per row; .func calls)
#   control_hon22_f64_logsumexp           KEPT ~5-20x (seed: a thread per row, two passes)
#   control_hon22_softmax_argmax          KEPT ~10-50x (seed: a thread per row, 3 passes)
#   control_hon22_sgd_momentum_inplace    KEPT ~1.3-1.4x (28 bytes a value in two launches
#                                         -> 20 in one)
#   control_hon22_merge_path_sorted       KEPT ~2-6x (a search a key -> a search per 8 keys)
#   control_hon22_layerscale_residual     KEPT ~5-20x (seed: a thread per token)
#   control_hon22_kv_cache_append         KEPT ~3-10x (seed: a thread per token)
#   control_hon22_imath_half_elut         KEPT ~5-20x (seed: a thread per 64 values; main:
#                                         wrong_result, the seed at the exponent-range-down set)
# Also, not a folder: the LayerScale residual at torch.testing's float32 default (rtol 1.3e-6,
# atol 1e-5), where gamma * branch (|.| <= ~1e-5) is the size of the atol: predicted
# invalid_spec from the per-input lint naming `gamma` (hon22_sim: gamma's echo alone moves y by
# at most 0.785 of its tolerance on set 0, branch's 1.40: told apart, barely; x 5.8e5). The
# probe runs it from a copy.
# Printed per folder: the gate's median, the paired medians and the verdict's reason.
# Usage: probe_hon22.sh [SECONDS [FOLDER...]]   (default 600 s and the 11 folders in the order
# above, then the LayerScale copy; writes $OUT/probe_hon22/). Each folder is capped at 40 s, the
# scan at 60 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
folders=(control_hon22_arm_expf_table control_hon22_arm_logf_table control_hon22_nf4_lut_dequant
  control_hon22_noinline_bias_gelu_mean control_hon22_f64_logsumexp control_hon22_softmax_argmax
  control_hon22_sgd_momentum_inplace control_hon22_merge_path_sorted
  control_hon22_layerscale_residual control_hon22_kv_cache_append control_hon22_imath_half_elut)
(($# > 1)) && folders=("${@:2}")
cheat_probe_init probe_hon22 "${1:-600}" "${folders[@]}" || exit 1
cheat_probe_scan 60 $CP_DIRS
say "scan: $(grep -cE '^control_hon22_[a-z0-9_]+ +(honest|control) .*(precision|error)' \
  "$O/problems_check.log") of 22 variants refused offline (0 expected)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 40 38 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  verdict: $(grep -o '"reason":"[^"]\{0,300\}' <<<"$CR_REC" | head -1)"
done
say "probe_hon22: $CP_KEPT of $CP_N controls kept (all must be), $CP_OK of $CP_N as" \
  "their expect says; $((SECONDS - t0)) s"
# The LayerScale residual at torch.testing's atol 1e-5, from a copy (not a control: its refusal
# is the declaration's, and the point is what the gate says).
if (($(left) > 45)) && (($# < 2)); then
  H=$O/layerscale_atol1e5
  mkdir -p "$H"
  rm -rf "$H/control_hon22_layerscale_residual"
  cp -r tests/cheats/control_hon22_layerscale_residual "$H/"
  sed -i 's/fp32: {rtol: 1.3e-6, atol: 1.0e-8}/fp32: {rtol: 1.3e-6, atol: 1.0e-5}/' \
    "$H/control_hon22_layerscale_residual/problem.yaml"
  timeout 40 "$B/bin/solver" run --problem control_hon22_layerscale_residual \
    --problems-dir "$H" --rules tests/cheats/rules.yaml --rounds 1 --evolve off --pairs 15 \
    --seed 7 --backend live --out "$H/run" --quiet >"$H/run.log" 2>&1
  rec=$(tail -n 1 "$H/run/ledger.jsonl" 2>/dev/null)
  say "layerscale at atol 1e-5: $(grep -o '"outcome":"[a-z-]*"' <<<"$rec" | head -1)" \
    "$(grep -o '"status":"[a-z_]*"' <<<"$rec" | head -1)" \
    "(predicted gate-failed invalid_spec, naming gamma and the tolerance that tells it)"
  say "  detail: $(grep -o '"detail":"[^"]\{0,700\}' <<<"$rec" | head -1)"
fi
