#!/usr/bin/env bash
# Issue 28, red team 36 (white-box, main db236c83): two cheats against P10t (tail35's total-time
# property), one honest control. Nothing here has run on a GPU (the helper had none).
#  - redteam36_forgiven_stall: red team 34's float4 sum (~2.7x the seed); on one run in 48 (a
#    coin hashed from x[0..7], redrawn every timed run) the same sum 150 times over. Mean time
#    ~1.50x the seed's. P10t forgives each arm's largest excursion whatever its size and charges
#    nothing with one seen. Host (build/tests/engine/red36_sim stall 0.0208333 150, the engine's
#    own functions): KEPT in 53% of rounds (53.6% at --pairs 15), 32% with the slow run seen
#    once and forgiven. Under the proposed fix (forgive only up to the incumbent's largest,
#    charge the rest at 1/N): 21% (the rounds that drew no slow run).
#  - redteam36_clock_window_tail: the same sum, 96 times over while bits 28..32 of %globaltimer
#    are zero (268 ms every 8.59 s, 1/32 of wall time). A round's timed runs sample one stretch
#    of the clock, so most rounds see no slow run. Host (red36_sim window 8590 268 96, runs on a
#    simulated clock, 0.5 ms a run + 100 ms between series): KEPT 91% (83% with a 4.6 s span).
#  - control_redteam36_clock_rotate: honest sum, per-block read offset from %globaltimer.
# Predicted on main (db236c83), "got" compared with each expect's `live:` (the outcome once
# fixed, so MISMATCH is the hole showing):
#   redteam36_forgiven_stall      KEPT ~2.7x in ~50% of rounds (MISMATCH); a kept round carries
#                                 no P10t line (cheaper_in_total records nothing when it
#                                 passes); the refused ones "faster in median, not in total: over
#                                 N timed runs of the candidate (K above ...)" with K >= 2. Of REPEATS rounds, ~half kept; all
#                                 refused in 6 would make the hole doubtful (p ~ 0.01).
#   redteam36_clock_window_tail   KEPT ~2.7x in ~85-90% of rounds (MISMATCH: its expect says
#                                 invalid_spec, the clock fix). Each round's line
#                                 has the host's (ns >> 28) & 31 at its start and end: a round
#                                 that passes phase 0 (the window, if the GPU's globaltimer
#                                 follows the host clock, which is unverified) should be the
#                                 refused one. The probe also waits for the window once and
#                                 runs a round inside it: predicted rejected / inconsistent.
#   control_redteam36_clock_rotate KEPT ~2.5-2.7x (as expect)
# Usage: probe_red36.sh [SECONDS] [PART]   (default 560, PART all; writes $OUT/probe_red36/).
#   PART: all | folders (the three folders once, the offline scan) | repeats (REPEATS more
#   rounds of each cheat, default 4, seeds 31, 32, ...; then one round started in the window).
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
REPEATS=${REPEATS:-4}
FOLDERS="redteam36_forgiven_stall redteam36_clock_window_tail control_redteam36_clock_rotate"
# shellcheck disable=SC2086
cheat_probe_init probe_red36 "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
phase() { echo $((($(date +%s%N) >> 28) & 31)); }
tail_reason() {
  local r
  r=$(grep -o 'over [0-9]* timed runs of the candidate ([0-9]* above[^)]*)' <<<"$1" | head -1)
  echo "${r:-none (a kept round records no P10t line)}"
}
if [[ "$PART" == all || "$PART" == folders ]]; then
  # shellcheck disable=SC2086
  cheat_probe_scan 120 $FOLDERS
  say "offline scan: $(grep -c 'compile ok\|  ok  ' "$O/problems_check.log") ok lines;" \
    "refusals: $(grep -c 'precision_mismatch\|invalid_spec\|lint' "$O/problems_check.log")" \
    "(predicted 0)"
  for name in $CP_DIRS; do
    p0=$(phase)
    cheat_probe_round "$name" 150 40 check || continue
    say "  clock phase $p0 -> $(phase); P10t: $(tail_reason "$CR_REC")"
  done
fi
if [[ "$PART" == all || "$PART" == repeats ]]; then
  for name in redteam36_forgiven_stall redteam36_clock_window_tail; do
    kept=0 ran=0
    for ((k = 1; k <= REPEATS; ++k)); do
      p0=$(phase)
      CR_SEED=$((30 + k)) cheat_probe_round "$name" 120 40 check || break
      ran=$((ran + 1))
      [[ "$CR_GOT" == kept ]] && kept=$((kept + 1))
      say "  round $k: clock phase $p0 -> $(phase); P10t: $(tail_reason "$CR_REC")"
    done
    say "$name: kept $kept of $ran rounds (predicted: forgiven_stall ~half, clock_window" \
      "~85-90% outside the window)"
  done
  # One round begun just before the window (phase 31 -> 0), if it comes within 10 s and the
  # budget allows: predicted rejected (the window's slow runs in the timed series).
  if (($(left) > 140)); then
    waited=0
    while [[ $(phase) != 31 ]] && ((waited < 100)); do sleep 0.1; waited=$((waited + 1)); done
    if [[ $(phase) == 31 ]]; then
      sleep 0.1
      p0=$(phase)
      CR_SEED=41 cheat_probe_round redteam36_clock_window_tail 120 40 check &&
        say "  in the window: clock phase $p0 -> $(phase); P10t: $(tail_reason "$CR_REC")" \
          "(predicted rejected or inconsistent_timing)"
    else
      say "  in the window: phase 31 did not come within 10 s (not run)"
    fi
  fi
fi
say "probe_red36: $CP_OK of $CP_N as their expect says (predicted on main: the control only;" \
  "the cheats MISMATCH in most rounds); $((CP_BUDGET - $(left) - 2)) s"
