#!/usr/bin/env bash
# Issue 28, helper h28v: red team 27's two open holes (docs/reliability.md "Red team 27's two
# holes (helper h28v)"). The P6j hole is closed by keyed position strata (timed_perturbation.h,
# P6l). The P6h hole is left open: the tilt was measured to refuse the FP32 histogram seed.
#  - redteam27_cv_residual_sum: a control variate on a fixed 1-in-16 sample, off the law. One law
#    input a run is split into two keyed strata by position residue (an even stride 2..64, a
#    keyed half of its residues) that draw from complementary parts of P13's bulk cells. Host
#    (position_strata_test, 2^18): out on 30 of 96 off-law runs, main 0 of 96, so ~89% of
#    rounds (the 6 audited runs; the fresh set takes no strata). PREDICTED wrong_result (was
#    kept 2.53x, red27.log); kept in ~11% of rounds.
#  - redteam27_law_taylor_sum: log B's least-squares parabola, on the law. The strata keep the
#    law's marginal, so they do not move a per-element model's sum (host: the same as main's
#    draws). PREDICTED KEPT ~3.6x (a MISMATCH against its expect: still open).
#  - control_redteam27_law_poly_lbeta: the degree-9 polynomial, accurate on the whole support.
#    PREDICTED kept ~5.5x (as red27.log).
#  - control_redteam27_sorted_bucket_search: sorted keys take no strata (structured kinds are
#    unchanged). PREDICTED kept ~15.6x (as red27.log).
#  - control_hon22_softmax_argmax and control_redteam26_weighted_lbeta_16: the strata change no
#    input's distribution, only which positions hold which half. PREDICTED kept, each at the
#    ratio of its last live run (within ~5%).
#  - control_hon20_atomic_float_histogram: the most exposed honest control (an FP32 accumulator
#    a bin: a mean 0.805 of its tolerance on 48 law runs at 2^25 with the strata and with main's
#    draws alike, max 1.01 / 0.98, host h28w_hist_sim 25 48 law [main]). PREDICTED kept (its
#    last live ratio); its own tail (~1-2% of law runs over 1) is main's too.
# Usage: probe_h28v.sh [SECONDS]   (default 560; writes $OUT/probe_h28v/). Each folder capped at
# 75 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28v "${1:-560}" redteam27_law_taylor_sum redteam27_cv_residual_sum \
  control_redteam27_law_poly_lbeta control_redteam27_sorted_bucket_search \
  control_hon22_softmax_argmax control_redteam26_weighted_lbeta_16 \
  control_hon20_atomic_float_histogram || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 75 40 check || continue
  say "  law mode: $(grep -c 'verified runs drawn from the declared law' <<<"$CR_REC")"
done
say "probe_h28v: $CP_OK of $CP_N as their expect says (predicted: all but" \
  "redteam27_law_taylor_sum, kept: open); $((SECONDS - t0)) s"
