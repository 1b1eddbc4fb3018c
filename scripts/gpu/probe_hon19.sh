#!/usr/bin/env bash
# Helper hon19's probe (issue 28: "0 honest kernels refused" by kernels nobody here wrote): 18
# honest controls written in the idiom of public code (tests/cheats/README.md, hon19), each one
# round of the real loop through the live backend (lib/cheat_probe.sh), its outcome next to its
# expect's `live:` (kept). Offline on branch hon19 all 18 pass `problems check --compile-only`
# (on main the FP8 cast, the stochastic rounding and the W8A8 dp4a were precision_mismatch;
# docs/reliability.md, "Honest kernels nobody here wrote"). Predicted (no GPU
# in that session; H200, the seeds are naive ports so every child is clearly faster):
#   control_hon19_fp8_e4m3_quant         KEPT ~2-4x (answered: FP8 codes into an int output)
#   control_hon19_adamw_stochastic_bf16  KEPT ~2-4x (answered: integer rounding before a BF16 cvt)
#   control_hon19_w8a8_fused_dp4a        KEPT >10x (answered: the int8 class; seed a thread a row)
#   control_hon19_int8_dyn_quant         KEPT ~5-20x (cub::BlockReduce, cvt.rni.sat.s8.f32)
#   control_hon19_cub_block_radix_sort   KEPT ~5-15x (cub::BlockRadixSort<float, 256, 8>)
#   control_hon19_philox_dropout         KEPT ~2-4x (<curand_kernel.h>; a wrong guess of cuRAND's
#                                        Philox layout would show as wrong_result, not a defence)
#   control_hon19_argmax_packed_key      KEPT ~5-20x (cuda::std::bit_cast, 64-bit shuffles)
#   control_hon19_async_copy_sgemm       KEPT ~2-4x (cuda::memcpy_async + cuda::pipeline)
#   control_hon19_cg_layernorm           KEPT ~5-10x (cooperative_groups, cg::reduce)
#   control_hon19_wmma_f16_gemm          KEPT ~5-20x (WMMA FP16; FP16 floor ~17 us, far below)
#   control_hon19_int4_magic_dequant     KEPT ~5-20x (lop3 into 0x6400, __hsub2; h28m's area)
#   control_hon19_rope_sincos            KEPT ~1.5-3x (FP32 angles; the riskiest tolerance: atol
#                                        2e-2 for ~2e-3 rad angle error times pair norms ~6)
#   control_hon19_bf16x2_gelu            KEPT ~1.5-3x (tanh.approx.f32, atol 4e-3)
#   control_hon19_half2_silu_mul         KEPT ~5-20x (h2exp, h2rcp, packed half2)
#   control_hon19_mx_block_exponent      KEPT ~1.5-3x (exponent bit fields, exact)
#   control_hon19_radix_key_digits       KEPT ~10-100x (seed: contended global atomics)
#   control_hon19_float_hash_buckets     KEPT ~2-5x (fmix32 of the bits, shared counters)
#   control_hon19_absmax_float_bits      KEPT ~20-40x (seed: one block; child near the byte floor
#                                        of 28 us at 4.8 TB/s, ~30-40 us: not too_fast)
# Printed per folder: the gate's median, the paired medians and the verdict's reason.
# Usage: probe_hon19.sh [SECONDS [FOLDER...]]   (default 560 s and the 18 folders in the order
# above; writes $OUT/probe_hon19/). Each folder is capped at 40 s, the scan at 60 s; budget spent
# ends it. 18 rounds of ~30 s may not fit one 600 s call: a second call can name the folders the
# first printed "not run (budget spent)" for.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
folders=(control_hon19_fp8_e4m3_quant
  control_hon19_adamw_stochastic_bf16 control_hon19_w8a8_fused_dp4a control_hon19_int8_dyn_quant
  control_hon19_cub_block_radix_sort control_hon19_philox_dropout control_hon19_argmax_packed_key
  control_hon19_async_copy_sgemm control_hon19_cg_layernorm control_hon19_wmma_f16_gemm
  control_hon19_int4_magic_dequant control_hon19_rope_sincos control_hon19_bf16x2_gelu
  control_hon19_half2_silu_mul control_hon19_mx_block_exponent control_hon19_radix_key_digits
  control_hon19_float_hash_buckets control_hon19_absmax_float_bits)
(($# > 1)) && folders=("${@:2}")
cheat_probe_init probe_hon19 "${1:-560}" "${folders[@]}" || exit 1
cheat_probe_scan 60 $CP_DIRS
say "scan: $(grep -cE '^control_hon19_[a-z0-9_]+ +(honest|control) .*(precision|error)' \
  "$O/problems_check.log") of 36 variants refused offline (0 expected on branch hon19; 3 on main:" \
  "the FP8 cast's, the stochastic rounding's and the W8A8 dp4a's children)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 40 38 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  verdict: $(grep -o '"reason":"[^"]\{0,300\}' <<<"$CR_REC" | head -1)"
done
say "probe_hon19: $CP_KEPT of $CP_N controls kept (all must be), $CP_OK of $CP_N as their expect" \
  "says; $((SECONDS - t0)) s"
