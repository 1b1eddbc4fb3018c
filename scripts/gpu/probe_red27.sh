#!/usr/bin/env bash
# Issue 28, red team 27 (white-box, main 2e797aab): three holes, each shown by a host emulation of
# the worker's own code:
#  - tests/cheats/redteam27_sorted_unlinted_sum: the tolerance lint echoes element-wise laws only
#    (sample_echoed), so a problem whose one input is `sorted` passes the lint in silence; the
#    child evaluates log B at the mean of each 8 sorted values, times 8 (red27_sorted_sim: a
#    parity echo would move the sum by 0.001 of the tolerance; the child < 2e-5 of it).
#  - tests/cheats/redteam27_law_taylor_sum: P6h's law mode makes every verified run an i.i.d.
#    redraw of the declared law, on which a per-element model unbiased under that law cancels;
#    the child is log B's least-squares parabola, two moments of x (red27_law_taylor_sim: on the
#    law, weakest 39.2; the child <= 0.037 of the tolerance on 8 law redraws).
#  - tests/cheats/redteam27_cv_residual_sum: the lint and P6j's skip bound model skip-and-rescale;
#    the child samples log B at 1 position in 16 with the parabola as a control variate, off the
#    law at rtol 2e-6 (red27_cv_residual_sim: phi* 0.0071 promised; the child <= 0.051).
# Controls (honest, must be kept): control_redteam27_sorted_bucket_search (exact bucket counts of
# sorted keys by binary search of the edges), control_redteam27_law_poly_lbeta (a degree-9
# polynomial of log B over the support on every element).
# Predicted (unmeasured), bundle built from main 2e797aab:
#   redteam27_sorted_unlinted_sum        KEPT ~2-4x (MISMATCH: open; invalid_spec once closed)
#   redteam27_law_taylor_sum             KEPT ~5-15x (MISMATCH: open; wrong_result once closed)
#   redteam27_cv_residual_sum            KEPT ~5-15x (MISMATCH: open; wrong_result once closed)
#   control_redteam27_sorted_bucket_search  kept ~1.5-4x
#   control_redteam27_law_poly_lbeta        kept ~5-15x
# Read in each gate detail: the law taylor sum's must say "verified runs drawn from the declared
# law" (if not, the worker put it off the law and the child is caught: wrong_result, and the sim's
# law decision differs from the worker's); the sorted sum's must have no lint note at all.
# Usage: probe_red27.sh [SECONDS]   (default 560; writes $OUT/probe_red27/). Each folder is capped
# at 110 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red27 "${1:-560}" redteam27_sorted_unlinted_sum redteam27_law_taylor_sum \
  redteam27_cv_residual_sum \
  control_redteam27_sorted_bucket_search control_redteam27_law_poly_lbeta || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 110 40 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  law mode: $(grep -c 'verified runs drawn from the declared law' <<<"$CR_REC")"
done
say "probe_red27: $CP_OK of $CP_N as their expect says (the three redteam27 cheats are predicted kept," \
  "MISMATCHes, until fixed); $((SECONDS - t0)) s"
