#!/usr/bin/env bash
# Issue 30: records the four large pools (problems/sgemm_2048, stencil3d_r4, layernorm_4096,
# transpose_4096; 4,808 points) live into $OUT/h200-large.json, the file the recorded backend
# reads beside h200.json (tests/data/recordings/h200-large.json once committed). Every point is
# compiled ahead on all cores, sweep-gated (no adversarial sets, fresh-set check or audit: a
# kept candidate of a live run is still fully gated) and timed; the seed, the fastest and an even
# spread of each pool are profiled afterwards, as long as the time limit allows (the recorded
# backend serves the other points their nearest profiled neighbour's counters, saying so).
# docs/benchmarks.md, "Large pools". Run through scripts/gpu/run.sh large_pools.
# Environment: SOLVER_BUNDLE, OUT, LARGE_POOLS_S (the record's time limit, default 380),
# LARGE_POOLS_PROFILES (fastest and spread per pool, default 40), LARGE_POOLS (the pools),
# LARGE_POOLS_FILE (the recording's name under $OUT, default h200-large.json).
set -u
B=${SOLVER_BUNDLE:-.carry/lead}
D=$B/share/solver
OUT=${OUT:-/tmp/solver-gpu-run/large_pools}
mkdir -p "$OUT"
limit=${LARGE_POOLS_S:-380}
prof=${LARGE_POOLS_PROFILES:-40}
pools=${LARGE_POOLS:-sgemm_2048,stencil3d_r4,layernorm_4096,transpose_4096}
file=$OUT/${LARGE_POOLS_FILE:-h200-large.json}
s=$(date +%s)
"$B/bin/solver" --data-dir "$D" problems check --count $(echo "$pools" | tr ',' ' ') \
  >"$OUT/counts.txt" 2>&1
grep "(pool)" "$OUT/counts.txt"
# The record stops starting points at the limit; the extra minute covers the point in flight and
# the final write.
timeout $((limit + 60)) "$B/bin/solver" --data-dir "$D" record --problems "$pools" --sweep --jobs 0 \
  --samples 10 --no-pc-sampling --profile-fastest "$prof" --profile-spread "$prof" \
  --time-limit "$limit" --profile-reserve $((limit / 5)) --out "$file" >"$OUT/record.out" 2>"$OUT/record.log"
rc=$?
gzip -kf "$OUT/record.log"
grep -E "^(compiling|time limit|cost)" "$OUT/record.log"
tail -n 1 "$OUT/record.out"
python3 - "$file" <<'PY'
import json, sys, os
try:
    r = json.load(open(sys.argv[1]))
except Exception as e:
    print("no recording: %s" % e); sys.exit(0)
for p, pr in sorted(r["problems"].items()):
    vs = pr["variants"].values()
    passed = [v for v in vs if v.get("gate", {}).get("status") == "passed"]
    prof = [v for v in vs if v.get("profile")]
    best = min((sorted(v["samples_us"])[len(v["samples_us"]) // 2] for v in passed if v.get("samples_us")), default=0)
    fails = {}
    for v in vs:
        st = v.get("gate", {}).get("status")
        if st != "passed": fails[st] = fails.get(st, 0) + 1
    print("%s: %d points recorded, %d passed, %d profiled, best median %.1f us, failures %s" % (p, len(pr["variants"]), len(passed), len(prof), best, fails))
print("%s: %.1f MB" % (os.path.basename(sys.argv[1]), os.path.getsize(sys.argv[1]) / 1e6))
PY
echo "large_pools: record exit $rc in $(($(date +%s) - s)) s"
exit $rc
