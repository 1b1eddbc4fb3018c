#!/usr/bin/env bash
# Issue 28, P10t's holes and false refusals closed (helper tail37, session 33; docs/reliability.md
# "P10t: kept means cheaper in total", the tail37 part). Nothing here has run on a GPU.
# What it runs (tests/cheats folders through scripts/gpu/lib/cheat_probe.sh):
#  1. the offline scan (`problems check --compile-only`) of the red team 36 and 34 folders: the
#     clock scan (generators/ptx_clock_work.h) refuses redteam36_clock_window_tail's child and
#     nothing else.
#  2. redteam36_forgiven_stall REPEATS rounds (seeds 31, 32, ...), redteam36_clock_window_tail
#     once, control_redteam36_clock_rotate once, redteam34_median_fast_tail REPEATS rounds
#     (seeds 11, 12, ...), control_redteam_reduce_memo once (a fixed-length clock wait in dead
#     code: must pass the clock scan and be kept).
#  3. (tail38) a bimodal honest control: `solver run --problem layernorm --rounds 2 --evolve off
#     --backend live` on problems/ (audit 36's incumbent: the layernorm naive seed, bimodal on the
#     H200), its rounds' outcomes, P10t lines, each arm's recorded runs in measurements.json and
#     the incumbent's excursions by the lower quartile (tail_charge.h's unit).
#  4. audit 36's shape: `solver record --problems layernorm --samples 150` (every variant, 150
#     unprofiled time samples), each series' excursions (runs above 1.10 x its median), and,
#     where build/tests/engine/p10t_replay_sim was carried, `p10t_replay_sim shapes` on those
#     series (both arms share the recorded shape; refusals of true 1.02/1.05/1.10x gains).
# PREDICTIONS (host, the engine's functions; docs/reliability.md has the tables):
#   redteam36_forgiven_stall     rejected "faster in median, not in total: over N timed runs of
#                                the candidate (K above 1.1 x ...; charged share ...)" in every
#                                round that timed the slow run (K >= 1): ~79% of rounds
#                                (red36_sim stall 0.0208333 150: KEPT 20.7-21%, the rounds that
#                                drew none, (47/48)^75 = 0.207). Kept 4+ of 6 would falsify
#                                (p ~ 0.01 at 0.21); a kept round with K >= 1 would be a bug.
#   redteam36_clock_window_tail  gate-failed invalid_spec "the work done depends on the clock: in
#                                reduce_window, `@%p.. bra ...` decides a branch around a loop"
#                                at the gate, every round (the scan is deterministic).
#   control_redteam36_clock_rotate kept ~2.5-2.7x (the scan passes it: no loop in the wrap's
#                                region); a refusal naming the clock would be a false refusal.
#   redteam34_median_fast_tail   rejected in ~99% of rounds (red34_sim: KEPT ~0.8-1%, the bound
#                                (15/16)^75 + 5% = 5.8%; before tail37 4.6%). K ~ 2-9.
#   control_redteam_reduce_memo  kept ~2.7x (its wait `now - t0 < 64 us` is elapsed time).
#   bimodal control (layernorm)  kept in every round whose pairs say faster: on the recorded
#                                H200 (seed 41) r1 naive -> block_smem ~11x, r2 block_smem ->
#                                vec4[BLOCK=256] ~1.06x, both kept; no refusal "not cheaper in
#                                total" naming "a tail: the difference rule" (audit 36's false
#                                refusal back; r2's 1.06x is the gain size it hit, should
#                                block_smem's runs be bimodal too). Where naive's pairs show
#                                2+ excursions (the H200 shape, likely) its recorded runs are
#                                >= 150 (topped up to kTailedRuns) and the candidate's too; on a
#                                steady naive (the H100, likely) naive's runs are its pairs' plus
#                                0 or ~45-65 (the top-up asked only after an unmatched excursion).
#   layernorm naive (H200)       15-70 of 150 runs at 1.19-1.34 x (alternating) where the card
#                                shows audit 36's shape; <= 1 on the other variants. On an H100
#                                0-2 excursions a variant is the likelier outcome (no such shape
#                                in its recorded series). p10t_replay_sim shapes on a bimodal
#                                series: refusals of a true 1.05x among the rounds the pairs
#                                kept well below audit 36's 9-88% (host, the recorded H200
#                                series: the tail37 table), at 1.10x ~0-5%.
# Usage: probe_tail37.sh [SECONDS] [PART]  (default 560; PART all | scan | red36 | red34 | bimodal |
#   shape;
#   writes $OUT/probe_tail37/). REPEATS (default 6): forgiven_stall's and median_fast_tail's
#   rounds each.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
REPEATS=${REPEATS:-6}
FOLDERS="redteam36_forgiven_stall redteam36_clock_window_tail control_redteam36_clock_rotate
redteam34_median_fast_tail control_redteam_reduce_memo"
# shellcheck disable=SC2086
cheat_probe_init probe_tail37 "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
p10t() {
  local r
  r=$(grep -o 'over [0-9]* timed runs of the candidate ([0-9]* above[^)]*)' <<<"$1" | head -1)
  echo "${r:-none (a kept round records no P10t line)}"
}
if [[ "$PART" == all || "$PART" == scan ]]; then
  # shellcheck disable=SC2086
  cheat_probe_scan 150 $FOLDERS
  say "offline scan: clock refusals $(grep -c 'depends on the clock' "$O/problems_check.log")" \
    "(predicted 1: redteam36_clock_window_tail's child); other refusals" \
    "$(grep -v 'depends on the clock' "$O/problems_check.log" | grep -c 'precision_mismatch\|invalid_spec')" \
    "(predicted 0)"
fi
repeat() {  # NAME SEED0 PREDICTION
  local kept=0 ran=0 k
  for ((k = 1; k <= REPEATS; ++k)); do
    CR_SEED=$(($2 + k)) cheat_probe_round "$1" 120 40 check || break
    ran=$((ran + 1))
    [[ "$CR_GOT" == kept ]] && kept=$((kept + 1))
    say "  round $k: P10t: $(p10t "$CR_REC")"
  done
  say "$1: kept $kept of $ran rounds (predicted $3)"
}
if [[ "$PART" == all || "$PART" == red36 ]]; then
  repeat redteam36_forgiven_stall 30 "~21% of rounds: 0-3 of 6"
  for name in redteam36_clock_window_tail control_redteam36_clock_rotate; do
    cheat_probe_round "$name" 150 40 check || break
  done
fi
if [[ "$PART" == all || "$PART" == red34 ]]; then
  repeat redteam34_median_fast_tail 10 "~1% of rounds: 0 of 6"
  cheat_probe_round control_redteam_reduce_memo 150 40 check
fi
if [[ "$PART" == all || "$PART" == bimodal ]] && (($(left) > 60)); then
  rm -rf "$O/bimodal"
  l=$(left)
  timeout $((l < 200 ? l - 10 : 190)) "$B/bin/solver" run --problem layernorm --problems-dir problems \
    --rounds 2 --evolve off --seed 41 --backend live --out "$O/bimodal" --quiet \
    >"$O/bimodal.log" 2>&1
  say "bimodal control (layernorm, 2 rounds) rc=$?"
  python3 - "$O/bimodal" <<'PY' | tee -a "$O/results.txt"
import json, re, sys
d = sys.argv[1]
try:
    recs = [json.loads(l) for l in open(d + "/ledger.jsonl")][1:]
    meas = json.load(open(d + "/measurements.json"))["problems"]["layernorm"]["variants"]
except (OSError, ValueError, KeyError) as e:
    print("  no run:", e)
    sys.exit(0)
def lq(s):
    v = sorted(x for x in s if x > 0)
    if not v:
        return 0
    at = 0.25 * (len(v) - 1)
    lo = int(at)
    return v[lo] + (at - lo) * (v[min(lo + 1, len(v) - 1)] - v[lo])
bad = 0
for r in recs:
    key = lambda v: v.get("key", "") if isinstance(v, dict) else (v or "")
    inc, cand, out = key(r.get("incumbent")), key(r.get("candidate")), r.get("outcome", "")
    det = r.get("detail", "")
    p10t = re.search(r"over \d+ timed runs of the candidate.*?\)", det)
    runs = {k: len(meas.get(k, {}).get("samples_us", [])) for k in (inc, cand)}
    s = meas.get(inc, {}).get("samples_us", [])
    u = lq(s)
    exc = sum(1 for x in s if u and x / u > 1.10)
    bad += "not in total" in det and "the difference rule" in det
    print(f"  r{r.get('round')}: {inc} -> {cand}: {out}; recorded runs {runs}; incumbent "
          f"excursions {exc} of {len(s)} by its lower quartile; P10t: "
          f"{p10t.group(0) if p10t else 'none (kept rounds record none)'}")
print(f"  difference-rule refusals: {bad} (predicted 0)")
PY
fi
if [[ "$PART" == all || "$PART" == shape ]] && (($(left) > 60)); then
  timeout $(($(left) - 20)) "$B/bin/solver" record --problems layernorm --samples 150 \
    --out "$O/record.json" >"$O/record.log" 2>&1
  say "record rc=$?"
  python3 - "$O/record.json" "$O/shapes.json" <<'PY' | tee -a "$O/results.txt"
import json, statistics, sys
try:
    j = json.load(open(sys.argv[1]))
except (OSError, json.JSONDecodeError) as e:
    print("no recording:", e)
    sys.exit(0)
series, sources = [], []
for p, v in j.get("problems", {}).items():
    for name, var in v.get("variants", {}).items():
        s = [x for x in (var.get("samples_us") or var.get("event_samples_us") or []) if x > 0]
        if len(s) < 15:
            continue
        m = statistics.median(s)
        exc = [i for i, x in enumerate(s) if x / m > 1.10]
        print(f"{p:10s} {name:28s} runs {len(s):3d} median {m:9.1f} us excursions {len(exc):3d} "
              f"largest {max(s) / m:.3f} at {exc[:16]}")
        series.append(s)
        sources.append(f"{p}/{name}")
json.dump({"rounds": [], "time_series": series, "time_sources": sources}, open(sys.argv[2], "w"))
PY
  if [[ -x build/tests/engine/p10t_replay_sim && -s "$O/shapes.json" ]]; then
    build/tests/engine/p10t_replay_sim shapes "$O/shapes.json" >"$O/shapes.txt" 2>&1
    say "p10t_replay_sim shapes (the recorded layernorm series as both arms' shape):"
    grep 'refused' "$O/shapes.txt" | tee -a "$O/results.txt"
  else
    say "p10t_replay_sim not carried (carry build/tests/engine/p10t_replay_sim): shapes not judged"
  fi
fi
say "probe_tail37: $CP_OK of $CP_N as their expect says (predicted: all but forgiven_stall's" \
  "kept rounds, ~21% of its rounds); $((CP_BUDGET - $(left) - 2)) s"
