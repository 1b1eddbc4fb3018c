#!/usr/bin/env bash
# Issue 28, red team 28 (white-box, main d31dbc77): three holes in the newest lint mechanisms, each
# shown by a host emulation of the worker's own code (build/tests/engine/red28_sim 24 8):
#  - tests/cheats/redteam28_sorted_mean_boys: h28s echoes a sorted input by neighbour copies, a
#    first-order, one-sided move (~(f(lo) - f(hi)) / 2 on a sum); the child evaluates f at the mean
#    of each 8 consecutive values (second order): lint share 4.06 (passes), P6k judged 0, the
#    child 0.006 of the tolerance.
#  - tests/cheats/redteam28_perm_sampled_boys: a permutation is only said as narrowed (no echo, no
#    set, no shares); the child evaluates 1 term in 8 of sum F0(30 |p_i - i| / n): <= 0.26.
#  - tests/cheats/redteam28_atol_excused_heavy: P6k's condition (b) excuses y[0] (rtol 0: every
#    element atol-held) because y[1] = 100 sum x is loud; the child samples y[0]'s light part:
#    strided light 0.093 (refused without the excuse), judged 0; the child <= 0.22.
# Predicted (unmeasured), bundle built from main d31dbc77:
#   redteam28_sorted_mean_boys       KEPT ~3-6x   (MISMATCH: open; invalid_spec once closed)
#   redteam28_perm_sampled_boys      KEPT ~4-6x   (MISMATCH: open; invalid_spec once closed); its
#                                    gate detail says "tolerance lint: no 1-in-2 echo of p (permutation)"
#   redteam28_atol_excused_heavy     KEPT ~1.6-1.9x (MISMATCH: open; invalid_spec once closed)
# Usage: probe_red28.sh [SECONDS]   (default 500; writes $OUT/probe_red28/). Each folder is capped
# at 120 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red28 "${1:-500}" redteam28_sorted_mean_boys redteam28_perm_sampled_boys \
  redteam28_atol_excused_heavy || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 120 40 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  narrowed (permutation): $(grep -c 'no 1-in-2 echo of p' <<<"$CR_REC")"
done
say "probe_red28: $CP_OK of $CP_N as their expect says (the three redteam28 cheats are predicted kept," \
  "MISMATCHes, until fixed); $((SECONDS - t0)) s"
