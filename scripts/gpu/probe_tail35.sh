#!/usr/bin/env bash
# Issue 28, P10t (helper tail35, session 32): "kept" means cheaper in total over every run the
# round timed (engine/backend/tail_charge.h, engine/loop/total_time.h: step 7c of the round,
# a top-up of the candidate's runs to 75 before any keep). Nothing here has run on a GPU.
# What it runs: tests/cheats/redteam34_median_fast_tail REPEATS rounds (seeds 11, 12, ...) and
# three honest controls once (control_redteam_reduce_memo: the same float4 sum without the slow
# run; control_redteam34_fp16_ieee_cast; control_redteam34_splitk_scratch, on separate
# allocations). One line a round (got / want / ratio / detail), then a summary.
# PREDICTIONS (host: build/tests/engine/red34_sim, the engine's functions, 20,000 rounds):
#   redteam34_median_fast_tail  rejected in ~95% of rounds (red34_sim: kept 4.6% adaptive, 4.8%
#                               at 15 pairs; the bound P(Bin(N, 1/16) <= 1) = 4.7% at N = 75).
#                               The detail of a refusal says "faster in median, not in total:
#                               over N timed runs of the candidate (K above 1.1 x their series'
#                               median ...)" with N ~ 75-80 (gate 6 + pairs ~15 + law pairs as
#                               many + deferred gate 6 + the top-up) and K ~ 2-9 (mean ~4.7);
#                               expected-time ratio ~0.3-0.5 (a 2.74x median, charged at the
#                               upper bound of K/N x 47). A refusal elsewhere (law pairs, P9's
#                               inconsistent_timing where a series' median fell on a slow run) is
#                               possible in ~1-2% of rounds. Kept in 2+ of 6 rounds would
#                               falsify the 4.7% (p ~ 0.03); a kept round with K >= 2 would be a bug.
#   control_redteam_reduce_memo kept ~2.7x (no slow run; any one stall is forgiven)
#   control_redteam34_fp16_ieee_cast, control_redteam34_splitk_scratch  kept (as their expect)
#   Device cost of the top-up: one `time` request of ~30-60 runs of the candidate per kept-ish
#   round (a few ms of kernel time for these sums; the request's fixed cost ~0.1-0.5 s).
# Usage: probe_tail35.sh [SECONDS] [PART]  (default 560, PART all | tail | controls; writes
#   $OUT/probe_tail35/). REPEATS (default 6): median_fast_tail's rounds.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
REPEATS=${REPEATS:-6}
CONTROLS="control_redteam_reduce_memo control_redteam34_fp16_ieee_cast control_redteam34_splitk_scratch"
# shellcheck disable=SC2086
cheat_probe_init probe_tail35 "${1:-560}" redteam34_median_fast_tail $CONTROLS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
kept_tail=0 rounds_tail=0
if [[ "$PART" == all || "$PART" == tail ]]; then
  for ((k = 1; k <= REPEATS; ++k)); do
    CR_SEED=$((10 + k)) cheat_probe_round redteam34_median_fast_tail 150 30 check || break
    rounds_tail=$((rounds_tail + 1))
    [[ "$CR_GOT" == kept ]] && kept_tail=$((kept_tail + 1))
    say "  round $k: $(grep -o 'over [0-9]* timed runs of the candidate ([0-9]* above' <<<"$CR_REC" |
      head -1); $(grep -o 'expected-time ratio [0-9.e+-]*' <<<"$CR_REC" | head -1)"
    cp "$O/redteam34_median_fast_tail/ledger.jsonl" "$O/tail.round$k.jsonl" 2>/dev/null
  done
  say "median_fast_tail: kept $kept_tail of $rounds_tail rounds (predicted ~5% of rounds: 0 or 1)"
fi
if [[ "$PART" == all || "$PART" == controls ]]; then
  for name in $CONTROLS; do
    [[ -f tests/cheats/$name/expect ]] || continue
    cheat_probe_round "$name" 150 30 check || break
  done
fi
say "probe_tail35: $CP_OK of $CP_N as their expect says (predicted: all, but median_fast_tail" \
  "kept in ~5% of its rounds); $((CP_BUDGET - $(left) - 2)) s"
