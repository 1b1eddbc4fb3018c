#!/usr/bin/env bash
# Issue 28, helper h28v: red team 27's two open holes, closed in the timed perturbation
# (timed_perturbation.h: law mode's keyed tilt, P6h; keyed position strata, P6j). Four folders
# that must move or stay, and two honest controls whose error depends on the inputs'
# distribution (the tilt changes it inside the support):
#  - redteam27_law_taylor_sum: log B's least-squares parabola, on the law (weakest 39.2). Law runs
#    now come from the law tilted by a keyed smooth density ratio in [0.8, 1.15]: host
#    (law_tilt_strata_test, 2^18; red27_law_taylor_sim 24) the child is out on ~30% of law runs
#    (14 of 48), so caught in ~1 - 0.7^8 = 94% of rounds (8 verified runs: the gate's fresh set
#    and audits, time_pairs' fresh check and audits). PREDICTED wrong_result (a kept round ~6%).
#  - redteam27_cv_residual_sum: a control variate on a fixed 1-in-16 sample, off the law. Every
#    run splits one input's positions into two keyed strata (an even stride 2..64, a keyed half
#    of its residues) drawing from complementary parts of P13's bulk cells; the sample meets
#    them unevenly whenever the stride shares a factor with 16 and the halves fall unevenly:
#    out on ~33% of off-law runs (16 of 48). PREDICTED wrong_result (~96% of rounds).
#  - control_redteam27_law_poly_lbeta: a degree-9 polynomial accurate on the whole support
#    (0.044 of the tolerance on every tilted run, host). PREDICTED kept ~5.5x (as red27.log).
#  - control_redteam27_sorted_bucket_search: sorted keys take neither mechanism (structured
#    kinds are unchanged). PREDICTED kept ~15.6x (as red27.log).
#  - control_hon22_softmax_argmax: off or on the law, its error is set by the values' range, not
#    their density. PREDICTED kept (ratio as its last live run).
#  - control_redteam26_weighted_lbeta_16: a weighted log-Beta sum; an honest per-element kernel.
#    PREDICTED kept (ratio as its last live run).
# Not in this probe but the most exposed honest control: control_hon20_atomic_float_histogram
# (its FP32 seed is at 0.67-0.84 of the tolerance on main's law runs at 2^25, host h28w_hist_sim;
# with the tilt on one buffer a run: see docs/reliability.md "Red team 27's holes closed").
# Run it too where the budget allows: NAMES=control_hon20_atomic_float_histogram cheat_list.sh.
# Usage: probe_h28v.sh [SECONDS]   (default 560; writes $OUT/probe_h28v/). Each folder capped at
# 100 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28v "${1:-560}" redteam27_law_taylor_sum redteam27_cv_residual_sum \
  control_redteam27_law_poly_lbeta control_redteam27_sorted_bucket_search \
  control_hon22_softmax_argmax control_redteam26_weighted_lbeta_16 \
  control_hon20_atomic_float_histogram || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 100 40 check || continue
  say "  law mode: $(grep -c 'verified runs drawn from the declared law' <<<"$CR_REC")"
done
say "probe_h28v: $CP_OK of $CP_N as their expect says (predicted: all; the two redteam27 cheats" \
  "wrong_result, every control kept); $((SECONDS - t0)) s"
