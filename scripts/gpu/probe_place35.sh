#!/usr/bin/env bash
# Issue 28, red team 34 closed structurally (branch place35): where the two members of a pair
# cannot share one set of buffers (their layouts differ: redteam34_own_buffers_placement's
# knob-sized scratch), time_pairs now exchanges the two allocations between pairs
# (engine/backend/placement_plan.h: before every odd pair, X Y | Y X | Y X | X Y ...;
# engine/backend/gpu/arena_exchange.cpp), so each member runs as often on either allocation and
# the placement bias enters both alike. h34's 1.03 bound applies only to separate allocations
# that were not exchanged. Nothing here has run on a GPU (the helper had none).
#
# Two parts (each fits one device call of 600 s):
#  calibrate  identical arms (`solver calibrate`, fixed 16 pairs, the 2026-12-01 experiment's
#             command: docs/benchmarks.md "208 identical-arm trials") on softmax's and
#             layernorm's naive seeds, TRIALS each (default 26), three ways:
#               exchanged  SOLVER_PAIR_SEPARATE=1 (each arm its own buffers although the
#                          layouts match; probes only): the allocations exchanged (this branch)
#               separate   SOLVER_PAIR_SEPARATE=1 SOLVER_PAIR_EXCHANGE=0: no exchange (the
#                          2026-12-01 condition, main's behaviour for differing layouts)
#               shared     the default (one set of buffers): the baseline
#  folder     tests/cheats/redteam34_own_buffers_placement REPEATS rounds (default 3; seeds 21..),
#             the same folder without the child's knob (one set of buffers) REPEATS rounds, and
#             control_redteam34_splitk_scratch once (knob-sized scratch by nature: exchanged).
#
# PREDICTIONS (host simulation `build/tests/engine/red34_sim placement`, the engine's own
# decisions, 1% noise a run; live numbers from docs/benchmarks.md 2026-12-01):
#  calibrate exchanged: false faster <= 1 of 2 x TRIALS (<= 2%; sim 0.0% at any bias 1.0036-1.05,
#            with a random ln-sd 2% bias per allocation and with the H100's per-set bias
#            {1.03, 1.17, 1.03}); softmax mostly "same" (or "ambiguous" where the bias is large);
#            layernorm mostly "same"/"ambiguous" (its naive seed's spread: 44% ambiguous before).
#            The exchanged arms' median ratios centre on 1.000 (|ln| < 0.005 typical); where the
#            bias is ~1%, ambiguous rises (ratios bimodal at ~b and ~1/b).
#  calibrate separate: a placement bias is expected: on the H100 (docs/results/h100-2026-12-07b
#            call4) this probe's red34 folder, on separate allocations, gave per-pair ratios
#            ~1.17 on one rotation set and ~1.03 on the others (kept 1.057x, 1.046x; another
#            round 0.965x: the direction is drawn per allocation). Predicted false faster
#            ~20-60% per problem (sim: 76% for that slot pattern when its sign favours the
#            candidate, halved when the sign is random; 2026-12-01 on the H200: 31% / 48%).
#            0-2% would mean no placement bias on this machine (the exchange then untested).
#  calibrate shared: false faster 0-1 of 2 x TRIALS (0 of 208 on 2026-12-01).
#  ms/trial: exchanged ~1-3% above separate (8 exchanges a trial at ~2-4 ms each: ~1 GiB
#            arenas, 3 chunked device copies of the window per exchange).
#  folder: redteam34_own_buffers_placement not kept in any round (`rejected`, or
#            `inconsistent_timing` from the gate's expected-time check, as main's round 1),
#            pair_buffers "exchanged", median ratio within [0.97, 1.03] (bimodal per-pair ratios
#            at ~1.17 and ~1/1.17 on one set, if the H100's pattern holds: "ambiguous"); the shared baseline rejected,
#            pair_buffers "shared"; control_redteam34_splitk_scratch `kept` ~2-3x with
#            pair_buffers "exchanged". A wrong_result or input_mutated in any of them would mean
#            the exchange lost bytes (a defect of arena_exchange.cpp's rebinding).
# Usage: probe_place35.sh [SECONDS] [PART]   (default 560, PART calibrate | folder | all;
#   writes $OUT/probe_place35/). TRIALS, REPEATS as above.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
TRIALS=${TRIALS:-26}
REPEATS=${REPEATS:-3}
cheat_probe_init probe_place35 "${1:-560}" redteam34_own_buffers_placement \
  control_redteam34_splitk_scratch || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
DATA=()
[[ -d "$B/share/solver" ]] && DATA=(--data-dir "$B/share/solver")
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
say "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
buffers() { grep -o '"pair_buffers":"[a-z]*"' <<<"$1" | head -1 | cut -d'"' -f4; }
exchange_ms() { grep -o '"[a-z/_]*exchange":[0-9.e+-]*' <<<"$1" | head -1 | cut -d: -f2; }

if [[ "$PART" == all || "$PART" == calibrate ]]; then
  for cond in exchanged separate shared; do
    l=$(left)
    ((l > 30)) || { say "calibrate $cond: not run (budget spent)"; continue; }
    env=()
    [[ $cond != shared ]] && env+=(SOLVER_PAIR_SEPARATE=1)
    [[ $cond == separate ]] && env+=(SOLVER_PAIR_EXCHANGE=0)
    s=$SECONDS
    # shellcheck disable=SC2086
    env "${env[@]}" timeout $((l < 200 ? l : 200)) "$B/bin/solver" "${DATA[@]}" calibrate \
      --backend live --problems softmax,layernorm --trials "$TRIALS" --pairs 16 \
      --out "$O/cal-$cond.json" >"$O/cal-$cond.txt" 2>"$O/cal-$cond.err"
    rc=$?
    say "calibrate $cond (${env[*]:-default}): exit $rc, $((SECONDS - s)) s"
    grep -E '^(softmax|layernorm) .*identical|^identical arms' "$O/cal-$cond.txt" |
      while IFS= read -r line; do say "  $line"; done
  done
  say "predicted: exchanged false faster <= 2% (sim 0%); separate ~10-48% (2026-12-01: 31% /" \
    "48%) unless the bias is gone; shared 0-1 trial"
fi

if [[ "$PART" == all || "$PART" == folder ]]; then
  kept_ex=0
  for ((k = 1; k <= REPEATS; ++k)); do
    CR_SEED=$((20 + k)) cheat_probe_round redteam34_own_buffers_placement 120 40 check || break
    [[ "$CR_GOT" == kept ]] && kept_ex=$((kept_ex + 1))
    say "  round $k: pair_buffers $(buffers "$CR_REC"), $CR_GOT, ratio ${CR_RATIO:--}," \
      "exchange phase ms $(exchange_ms "$CR_REC")"
  done
  base=$(mktemp -d)
  cp -r tests/cheats/redteam34_own_buffers_placement "$base/"
  sed -i '/^    knobs:$/d; /^      PAD: \[1\]$/d; /^  pad: /d' "$base/redteam34_own_buffers_placement/problem.yaml"
  kept_shared=0
  for ((k = 1; k <= REPEATS; ++k)); do
    (($(left) > 20)) || { say "  shared round $k: not run (budget spent)"; break; }
    rm -rf "$O/shared$k"
    timeout 120 "$B/bin/solver" run --problem redteam34_own_buffers_placement \
      --problems-dir "$base" --rules tests/cheats/rules.yaml --rounds 1 --evolve off --pairs 15 \
      --seed $((20 + k)) --backend live --out "$O/shared$k" --quiet >"$O/shared$k.log" 2>&1
    rec=$(tail -n 1 "$O/shared$k/ledger.jsonl" 2>/dev/null)
    got=$(grep -o '"outcome":"[a-z-]*"' <<<"$rec" | head -1 | cut -d'"' -f4)
    [[ "$got" == kept ]] && kept_shared=$((kept_shared + 1))
    say "  shared round $k: pair_buffers $(buffers "$rec"), ${got:-no record}," \
      "ratio $(grep -o '"median_ratio":[0-9.e+-]*' <<<"$rec" | head -1 | cut -d: -f2)"
  done
  rm -rf "$base"
  say "own_buffers_placement: kept $kept_ex of $REPEATS rounds on exchanged allocations," \
    "$kept_shared of $REPEATS on one set of buffers (predicted 0 and 0)"
  CR_SEED=7 cheat_probe_round control_redteam34_splitk_scratch 150 40 check &&
    say "  control: pair_buffers $(buffers "$CR_REC") (predicted exchanged), ratio ${CR_RATIO:--}"
fi
say "probe_place35: $((CP_BUDGET - $(left) - 2)) s"
