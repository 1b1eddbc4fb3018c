#!/usr/bin/env bash
# Issue 28, red team 30 (white-box, main ddb1edcc): two holes in the newest defences, each shown by
# a host emulation of the worker's own code (ninja -C build red30_sim; build/tests/engine/red30_sim
# grain 24 8 / two 24 16), and one honest control:
#  - tests/cheats/redteam30_grain_mean_lbeta: P6k's grain (h29k, law_regions.h grain_floor,
#    judged_light_shares' (d)) judges a light part by its 1-in-2 class echoes, which move a sum of
#    many similar terms by their spread (~sqrt(pairs) x sd), never by their mean. Red team 26's
#    heavy log-Beta sum with W = 1.25 x 2^32: |y| ~ 3.2e12 (FP32 step 2^18), the strided light
#    share 1.17e-4 (1,867 absolute, 16 x under half a step): unseen, no refusal; the light part's
#    total is 7.8e7 = 4.9 tolerances, and a 1-in-16 rescaled sample errs by <= 1.1e-3 of the
#    tolerance on every verified kind (host).
#  - tests/cheats/redteam30_two_input_strata_cv: P6l's strata go on ONE law input a run
#    (timed_perturbations: draw_strata(out[can[... % can.size()]])). Two int32 normal inputs; the
#    child detects which was stratified (red team 29's statistic), sums it in FP32 and samples
#    the other with red team 29's control variate: 16 of 16 runs named right, worst 0.24, 0 out
#    (the same sample without the detector: 12 of 16 out).
#  - tests/cheats/control_redteam30_two_input_fp32: honest (every value in FP32): must be kept.
# Predicted (unmeasured; scaled from red teams 26-29's live ratios: redteam28_atol_excused_heavy's
# seed 109 us and 1-in-2 child 82.6 us on an H100 (the same lgammaf sum: ~55 us of lgammaf),
# redteam27_cv_residual_sum 2.53x; each round 2-15 s), bundle built from main ddb1edcc (each
# "got" is today's; MISMATCH = open):
#   redteam30_grain_mean_lbeta        KEPT ~2.5-4x  (MISMATCH: invalid_spec once closed); its gate
#                                     detail carries the grain note "light part below FP32
#                                     resolution of y: skipping it changes no stored output"
#   redteam30_two_input_strata_cv     KEPT ~1.6-2.5x over the FP64 seed (MISMATCH: wrong_result
#                                     once closed); no wrong_result in any audit
#   control_redteam30_two_input_fp32  KEPT ~1.2-2x (ok): the honest half of the cheat's ratio;
#                                     the cheat's ratio over this one's is what the sample buys
# (Measured on the host beside it: a sample at a hashed place a group needs no detector at all, 0
# of 16 out: red team 29's prime-stride class. The two-input fix alone closes stride-aligned
# samples only.)
# A refusal of the grain cheat as too_fast would mean its select chain let the compiler drop
# loads (it must read the 64 MiB; floor 0.7 x ~20 us); an invalid_spec on it would mean the device
# judged path differs from the host rule (gpu_shares_emulation_test holds them equal); a
# wrong_result on the two-input cheat with the control kept would mean CUDA's lgammaf is worse
# than host lgammaf (the FP32 half) or the detector missed (the line names the audited sample).
# Usage: probe_red30.sh [SECONDS]   (default 150; writes $OUT/probe_red30/). Each folder is capped
# at 45 s, the control last.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red30 "${1:-150}" redteam30_grain_mean_lbeta \
  redteam30_two_input_strata_cv control_redteam30_two_input_fp32 || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 45 36 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  grain note: $(grep -o 'light part below [^"]*' <<<"$CR_REC" | head -1 | cut -c1-160)"
done
say "probe_red30: $CP_OK of $CP_N as their expect says (the two redteam30 cheats are predicted" \
  "kept, MISMATCHes, until fixed; the control kept); $((SECONDS - t0)) s"
