#!/usr/bin/env bash
# Issue 28, red team 26 (white-box, main b04b2fd1): the newest mechanisms' edges, two holes in the
# tolerance lint, each shown by a host emulation of the worker's own code:
#  - tests/cheats/redteam26_counted_tail_sum: an order-free output with a count (h28x) whose
#    reference leaves the slots past the count unwritten (NaN once read back). The lint's echo
#    shares were infinite there on every echo, so the counted sums (0.27 / 0.43 of the tolerance
#    under the echo on set 0 / the fresh set) were never judged (red26_counted_tail_sim).
#    Fixed on branch red26: order_reference marks the uncounted slots +inf (mark_uncounted).
#  - tests/cheats/redteam26_offlaw_heavy_lbeta: red team 25's scattered heavy sum, compute-bound
#    (log B terms) and at rtol 6e-4, off the law (set 0's weakest share 21.3 < 30): P6k's light
#    refusal is taken only on the law, so the light sum (strided light share 0.0046) is never
#    judged; the half-evaluating child errs by <= 0.011 of the tolerance (red26_offlaw_heavy_sim).
#    Open (fix described in docs/reliability.md, "Red team, round 26").
#  - tests/cheats/redteam26_sampled_light_copy: the same sum in y[0] of a 2^24-element output whose
#    other elements copy x: main 52a016ba judges the light part on a keyed sample of 1 element in
#    16 there, and y[0] (strided light share 0.014) is missed in ~94% of workers
#    (red26_sampled_light_sim). Open.
# Controls (honest, must be kept): control_redteam26_counted_tail_lbeta (the counted problem at rtol
# 1e-4, the recurrence child), control_redteam26_compact_unwritten (an exact atomic compaction
# whose reference leaves its tail), control_redteam26_weighted_lbeta_1e3 and _16 (the heavy sum
# with weights 10^3 / 16 at rtol 1.5e-5, off the law, the light part told apart),
# control_redteam26_copy_sum_1e3 and _16 (the same sums in y[0] beside 2^24 copies).
# Predicted (unmeasured), with the bundle built from main b04b2fd1 / from red26:
#   redteam26_counted_tail_sum          KEPT ~1.7-1.9x (main; MISMATCH) / invalid_spec (red26)
#   redteam26_offlaw_heavy_lbeta        KEPT ~1.7-1.9x on both (MISMATCH: open)
#   redteam26_sampled_light_copy        KEPT ~1.5-1.8x in ~94% of workers on both (MISMATCH: open;
#                                       invalid_spec in the ~6% whose key samples y[0])
#   control_redteam26_counted_tail_lbeta  kept ~1.3x
#   control_redteam26_compact_unwritten   kept ~1.5-3x
#   control_redteam26_weighted_lbeta_1e3  kept ~1.3x
#   control_redteam26_weighted_lbeta_16   kept ~1.3x
#   control_redteam26_copy_sum_1e3        kept ~1.3x
#   control_redteam26_copy_sum_16         kept ~1.3x
# A control refused is a false refusal to report (read the gate detail). redteam26_counted_tail_sum
# kept on a red26 bundle means the worker's view differs from order_view.h's host code.
# Usage: probe_red26.sh [SECONDS]   (default 900; writes $OUT/probe_red26/). Each folder is capped
# at 100 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red26 "${1:-900}" redteam26_counted_tail_sum redteam26_offlaw_heavy_lbeta \
  redteam26_sampled_light_copy control_redteam26_counted_tail_lbeta \
  control_redteam26_compact_unwritten control_redteam26_weighted_lbeta_1e3 \
  control_redteam26_weighted_lbeta_16 control_redteam26_copy_sum_1e3 control_redteam26_copy_sum_16 || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 100 40 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_red26: $CP_OK of $CP_N as their expect says (redteam26_offlaw_heavy_lbeta and" \
  "redteam26_sampled_light_copy are predicted kept, MISMATCHes, until fixed;" \
  "redteam26_counted_tail_sum kept on main, invalid_spec on red26); $((SECONDS - t0)) s"
