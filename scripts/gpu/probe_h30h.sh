#!/usr/bin/env bash
# Helper h30h's probe (issue 30): the held-out fifth large pool, problems/conv2d_7x7 (a 7 x 7
# 2-D convolution of a 2048 x 2048 FP32 image; 1,095 points: the seed and `tile`'s block shape,
# outputs per thread along x and y, shared-memory staging of the tile and of the filter), never
# timed before this probe, recorded live as the four large pools are (scripts/gpu/large_pools.sh:
# every point compiled ahead on all cores, sweep-gated and timed, the seed + 40 fastest + 40
# spread profiled) into $OUT/probe_h30h/h200-conv2d_7x7.json, then searched ONCE, offline, as a
# held-out pool: `solver ablate --backend recorded --recording <it> --problems conv2d_7x7
# --rounds 24 --on-tables per-problem --seed S`, S = 1..5 (bench/search/knob_counts.py: ON's
# rounds / measurements to 2% of the pool's best, kept), plus how many points are within 2% and
# the expected measurements of random sampling to 2%.
# Usage: PROBES=scripts/gpu/probe_h30h.sh PROBE_S=290 scripts/gpu/run.sh probes
#   (or OUT=DIR bash scripts/gpu/probe_h30h.sh 290). Predicted (unmeasured): compile ahead
#   ~1,100 x 0.2-0.8 s on 16 cores (~40 s, overlapped), 1,095 sweep gates at ~37 ms (~40 s),
#   81 profiles at ~0.56 s (~45 s), the search ~10-60 s: ~150-200 s.
# To keep it: merge the pool into tests/data/recordings/h200-large.json (its "problems" gain
# "conv2d_7x7"; the other keys unchanged) and drop conv2d_7x7 from the `awaiting` set of
# tests/engine/h200_recording_test.cpp.
set -u
S=${1:-290}
B=${SOLVER_BUNDLE:-.carry/lead}
O=${OUT:-/tmp/solver-gpu-run}/probe_h30h
mkdir -p "$O"
t0=$SECONDS
limit=$((S - 100))
[ "$limit" -lt 60 ] && { echo "probe_h30h: needs PROBE_S >= 160 (got $S)"; exit 2; }
OUT=$O LARGE_POOLS=conv2d_7x7 LARGE_POOLS_FILE=h200-conv2d_7x7.json LARGE_POOLS_S=$limit \
  bash scripts/gpu/large_pools.sh 2>&1 | tee "$O/record_summary.txt"
rec=$O/h200-conv2d_7x7.json
[ -s "$rec" ] || { echo "probe_h30h: no recording"; exit 1; }
python3 - "$rec" <<'PY' | tee "$O/pool.txt"
import json, sys
r = json.load(open(sys.argv[1]))["problems"]["conv2d_7x7"]["variants"]
t = {k: sorted(v["samples_us"])[len(v["samples_us"]) // 2] for k, v in r.items()
     if v.get("gate", {}).get("status") == "passed" and v.get("samples_us")}
best = min(t.values()); k = sum(1 for x in t.values() if x <= 1.02 * best)
print("conv2d_7x7: %d timed points, best %s (%.2f us by sample median), %d within 2%%, random "
      "sampling needs %.0f measurements on average" % (len(t), min(t, key=t.get), best, k,
      (len(t) + 1) / (k + 1)))
PY
timeout $((S - (SECONDS - t0) > 20 ? S - (SECONDS - t0) - 5 : 15)) python3 bench/search/knob_counts.py \
  --solver "$B/bin/solver" --recording "$rec" --problems conv2d_7x7 --seeds 1-5 --rounds 24 \
  --out "$O/search" 2>&1 | tee "$O/search.txt"
echo "probe_h30h: recorded and searched in $((SECONDS - t0)) s"
