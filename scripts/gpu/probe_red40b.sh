#!/usr/bin/env bash
# Issue 28, red team 40b (white-box, main 8d6890d2: the core measurement protocol, P10t read
# against P6d): one cheat and its control. Nothing here has run on a GPU (the helper had none).
# Predicted on main, "got" compared with each expect's `live:` (the outcome once fixed, so
# MISMATCH is the hole showing):
#   redteam40b_law_only_tail          KEPT ~2.7x (MISMATCH) in ~2 rounds of 3: its slow path (the
#                                     sum 20 times over, a coin of 1/8) runs only on the law's data,
#                                     so only the law pairs (~16 runs) can draw it, and P10t charges
#                                     what they draw at U(K, N), N ~75 runs of every kind; kept
#                                     where K <= 2 (host: build/tests/engine/red34_sim 0.125 20
#                                     0.365 0.01 20000 0 shared 0 0). Rejected in the rest, "faster
#                                     in median, not in total". Its mean time on the law ~1.23 x
#                                     the seed's.
#   control_redteam40b_law_steady_sum KEPT ~1.37x (as expect; the smaller median, the law pairs')
# The offline scan (the bundle's `problems check --compile-only`) refuses neither.
# Part law (the assumption under both): the child's sniff (the sum of x[0..255] above 64) never
# fires on a timed-kind run and always on a law-pair run: the round's detail carries the law
# pairs' times; a law-pair series with 1-4 runs ~20 x its lower quartile (the cheat) or one level
# ~2 x the timed pairs' (the control) shows it. Host: red38b_sim strata 1000 262144
# redteam40b_law_only_tail, "law-like" column.
# Usage: probe_red40b.sh [SECONDS] [PART]   (default 560, PART all; writes $OUT/probe_red40b/).
#   PART: all | folders | repeat (the cheat REPEATS more rounds, default 6). The last line is the
#   verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
REPEATS=${REPEATS:-6}
FOLDERS="redteam40b_law_only_tail control_redteam40b_law_steady_sum"
# shellcheck disable=SC2086
cheat_probe_init probe_red40b "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
if [[ "$PART" == all || "$PART" == folders ]]; then
  # shellcheck disable=SC2086
  cheat_probe_scan 120 $CP_DIRS
  say "offline scan: refusals $(grep -c 'precision_mismatch\|invalid_spec\|lint' "$O/problems_check.log")" \
    "(predicted 0)"
  for name in $CP_DIRS; do cheat_probe_round "$name" 150 40 check || break; done
fi
kept=0 ran=0
if [[ "$PART" == all || "$PART" == repeat ]]; then
  for ((k = 1; k <= REPEATS; ++k)); do
    CR_SEED=$((400 + k)) cheat_probe_round redteam40b_law_only_tail 100 40 check || break
    ran=$((ran + 1))
    [[ "$CR_GOT" == kept ]] && kept=$((kept + 1))
  done
  say "redteam40b_law_only_tail: kept $kept of $ran more rounds (predicted ~2 in 3)"
fi
say "probe_red40b: $CP_OK of $CP_N as their expect says (predicted on main: 1, the control;" \
  "the cheat MISMATCH, kept in ~2 rounds of 3); repeats kept $kept of $ran;" \
  "$((CP_BUDGET - $(left) - 2)) s"
