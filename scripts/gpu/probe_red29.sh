#!/usr/bin/env bash
# Issue 28, red team 29 (white-box, main 9a50a56e): four holes (six folders) in the newest defences (the model
# echoes of h28u, P6l's keyed position strata of h28v) and one known-open hole built (P6k's (b) at a
# tiny rtol), each shown by a host emulation of the worker's own code (build/tests/engine/
# red29_sim MODE 24 8):
#  - tests/cheats/redteam29_perm_loud_head_boys: the model echo keeps an output's LARGEST element
#    share; out = [red team 28's sum over a permutation (0.06-0.08 under the refills), the sum of
#    p_0..p_31 (7.5-58)]: told apart by out[1]; the child samples 1 term in 8 of out[0].
#  - tests/cheats/redteam29_sorted_loud_head_boys: the same on a sorted input: red team 28's sorted
#    mean child (h28u's midpoint: 0.014-0.015) beside 1e5 x the sum of x_0..x_31 (10-52).
#  - tests/cheats/redteam29_deal_parity_hand: both refills keep the multiset of values at each
#    parity, so a deal's two hands (exact integer sums) move by exactly 0: excused; the child scores
#    1 card in 8 of each hand at rtol 1e-2.
#  - tests/cheats/redteam29_intnormal_cv_sum: P6l draws no strata on an integer normal off the law
#    (timed_perturbation.cpp `(law || !p.iid)`): red team 27's control variate at stride 16 holds.
#  - tests/cheats/redteam29_cv_prime_stride: red team 27's control variate at a stride of 37, prime
#    to every strata stride 2..64 (P6l's stated gap).
#  - tests/cheats/redteam29_atol_tiny_rtol_heavy: red team 28's atol-excused heavy sum at rtol 1e-12:
#    h28t keyed its answer on rtol == 0, so (b) excuses y[0] (light 0.093) again.
#  - tests/cheats/control_redteam29_deal_exact_hand: honest (the deal at rtol 1e-5, every card by
#    erff): kept today; a naive fix of the second hole (refuse an unmoved non-exact output)
#    would refuse it.
# Predicted (unmeasured; scaled from red teams 27 and 28's live ratios, h100-2026-12-06d call 3:
# redteam28_perm_sampled_boys 7.48x, redteam27_cv_residual_sum 2.53x, redteam28_atol_excused_heavy
# 1.32x, each round 2-11 s), bundle built from main 9a50a56e (each "got" is today's; MISMATCH = open):
#   redteam29_perm_loud_head_boys    KEPT ~7-7.5x   (MISMATCH: invalid_spec once closed); its gate
#                                    detail says "model echo told apart: out by p's on set 0"
#   redteam29_sorted_loud_head_boys  KEPT ~5x      (MISMATCH: invalid_spec once closed); "told apart ... x's"
#   redteam29_deal_parity_hand       KEPT ~6-8x    (MISMATCH: invalid_spec once closed); no model note
#   redteam29_intnormal_cv_sum       KEPT ~2.3-3x  (MISMATCH: wrong_result once closed)
#   redteam29_cv_prime_stride        KEPT ~2.5-3x  (MISMATCH: wrong_result once closed)
#   redteam29_atol_tiny_rtol_heavy   KEPT ~1.3x    (MISMATCH: invalid_spec once closed)
#   control_redteam29_deal_exact_hand KEPT ~4-10x (ok)
# A refusal of a cheat by the floor (too_fast) would say the speed-up guess was wrong, not that a
# hole is closed; an invalid_spec on the control would be a false refusal (report it).
# Usage: probe_red29.sh [SECONDS]   (default 240; writes $OUT/probe_red29/). Each folder is capped
# at 32 s (rounds of red teams 27 and 28 took 2-11 s live; the cheats' lint: 2-4 model-echo
# reference runs and host refills of 2^24, or 32 hashed and 256 strided class echoes of ~2 ms
# each); budget spent ends it, the control last. The intnormal child's law pairs (P6d) are
# summed honestly in FP32: its "on the declared laws" ratio (~1.5-2.5x) is below its timed one.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red29 "${1:-240}" redteam29_perm_loud_head_boys \
  redteam29_sorted_loud_head_boys redteam29_deal_parity_hand \
  redteam29_intnormal_cv_sum redteam29_cv_prime_stride redteam29_atol_tiny_rtol_heavy \
  control_redteam29_deal_exact_hand || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 32 40 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  model note: $(grep -o 'model echo told apart[^"]*' <<<"$CR_REC" | head -1)"
done
say "probe_red29: $CP_OK of $CP_N as their expect says (the six redteam29 cheats are predicted" \
  "kept, MISMATCHes, until fixed; the control kept); $((SECONDS - t0)) s"
