#!/usr/bin/env bash
# Helper hon20's probe (issue 28: "0 honest kernels refused", round 2 of honest kernels nobody
# here wrote): 16 honest controls in idioms an anti-cheat scan is likely to misread
# (tests/cheats/README.md, hon20; docs/reliability.md "Honest kernels nobody here wrote, round
# 2"), each one round of the real loop through the live backend (lib/cheat_probe.sh), its outcome
# next to its expect's `live:` (kept). Offline on branch hon20 all 16 pass `problems check
# --compile-only`; on main two children were precision_mismatch: the q4_0 x q8_1 dp4a (int8
# class: its FP16 block scales; int8 now admits FP16 conversions) and the double-single row sum
# (fp64: 300 FP32 against 1 FP64; compensated FP32 arithmetic is now left to the measured class,
# generators/ptx_compensated.h). Predicted (no GPU in that session; H200; the
# seeds are naive ports, a thread per row / element / column, so each child is clearly faster):
#   control_hon20_q4_0_q8_1_dp4a         KEPT ~5-20x (the int8 class; FP16 scales now admitted)
#   control_hon20_cutlass_bf16_mma       KEPT ~10-40x (mma.sync m16n8k16 BF16; fragment layout
#                                        written without a GPU: a layout slip shows as wrong_result)
#   control_hon20_prmt_int8_dequant      KEPT ~5-20x (prmt into 0x6464, __hsub2 of 1152)
#   control_hon20_half2_hfma2_gemv       KEPT ~5-20x (FP16 accumulator: the live risk is an
#                                        adversarial set's range, not a scan)
#   control_hon20_radix_flip_sort        KEPT ~3-10x (FloatFlip keys, 8 LSD passes in smem)
#   control_hon20_bitonic_sort           KEPT ~5-20x (cuda-samples bitonicSortShared)
#   control_hon20_kahan_rowsum           KEPT ~5-20x (seed a thread per row, strided rows)
#   control_hon20_atomic_float_histogram KEPT ~2-10x (seed: contended global float atomics)
#   control_hon20_segscan_shfl           KEPT ~5-20x
#   control_hon20_fast_softmax           KEPT ~10-50x (__expf, __frcp_rn under fp32 1e-4)
#   control_hon20_rmsnorm_rsqrtf         KEPT ~10-50x
#   control_hon20_philox_bitmask_dropout KEPT ~2-4x (one Philox a thread instead of four)
#   control_hon20_signed_float_atomicmax KEPT ~2-8x (seed: 4096 threads only)
#   control_hon20_lut_gelu_int8          KEPT ~1.5-4x (erff a code vs a table lookup)
#   control_hon20_welford_rowvar         KEPT ~5-20x
#   control_hon20_df64_rowsum            KEPT ~5-20x (measured class: error ~2^-44 relative
#                                        against the 2^-32 bound; seed a thread per row in FP64)
# Printed per folder: the gate's median, the paired medians and the verdict's reason.
# Usage: probe_hon20.sh [SECONDS [FOLDER...]]   (default 560 s and the 16 folders in the order
# above; writes $OUT/probe_hon20/). Each folder is capped at 40 s, the scan at 60 s; budget spent
# ends it. 16 rounds of ~30 s may not fit one 600 s call: a second call can name the folders the
# first printed "not run (budget spent)" for.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
folders=(control_hon20_q4_0_q8_1_dp4a control_hon20_cutlass_bf16_mma
  control_hon20_prmt_int8_dequant control_hon20_half2_hfma2_gemv control_hon20_radix_flip_sort
  control_hon20_bitonic_sort control_hon20_kahan_rowsum control_hon20_atomic_float_histogram
  control_hon20_segscan_shfl control_hon20_fast_softmax control_hon20_rmsnorm_rsqrtf
  control_hon20_philox_bitmask_dropout control_hon20_signed_float_atomicmax
  control_hon20_lut_gelu_int8 control_hon20_welford_rowvar control_hon20_df64_rowsum)
(($# > 1)) && folders=("${@:2}")
cheat_probe_init probe_hon20 "${1:-560}" "${folders[@]}" || exit 1
cheat_probe_scan 60 $CP_DIRS
say "scan: $(grep -cE '^control_hon20_[a-z0-9_]+ +(honest|control) .*(precision|error)' \
  "$O/problems_check.log") of 32 variants refused offline (0 expected on branch hon20; 3 on main:" \
  "the q4_0 x q8_1 seed and child, the df64 child)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 40 38 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  verdict: $(grep -o '"reason":"[^"]\{0,300\}' <<<"$CR_REC" | head -1)"
done
say "probe_hon20: $CP_KEPT of $CP_N controls kept (all must be), $CP_OK of $CP_N as" \
  "their expect says; $((SECONDS - t0)) s"
