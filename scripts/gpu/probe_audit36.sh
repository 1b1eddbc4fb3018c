#!/usr/bin/env bash
# Audit 36 (issue 28, session 32; docs/reliability.md "Audit 36"): is layernorm's naive seed
# bimodal run by run on this card, as it was on the H200 (4-14 of 30 runs 1.19-1.34 x the
# median, alternate runs)? Where it is, P10t (step 7c) refuses true 1.05x-1.10x gains of kernels
# with that shape in a share of the rounds (tests/engine/p10t_replay_sim). Nothing here has run.
# What it runs: `solver record --problems layernorm,softmax,reduce --samples 75` (every variant,
# 75 unprofiled time samples each), then a summary a variant: runs, median, runs above 1.10 x
# the median (the excursions P10t counts), the largest, and the excursions' positions.
# PREDICTIONS: on an H200, layernorm naive 15-35 of 75 runs at 1.19-1.34 x (alternating); the
#   other variants <= 1 excursion. On an H100 (the machine lent lately): unknown; the recorded
#   H100 series of 2026-12-05c..07b hold no such shape (0-1 excursions a series; one control,
#   hon22_kv_cache_append, 3 of 15 at ~1.15 x), so 0-2 excursions a variant is the likelier outcome. If layernorm naive
#   shows 5+ excursions on the H100, the false refusals of "Audit 36" apply there too.
# Usage: probe_audit36.sh [SECONDS]   (default 400; writes $OUT/probe_audit36/)
set -u
O=${OUT:-/tmp}/probe_audit36
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export PATH=/usr/local/cuda/bin:$PATH
if [[ ! -x "$B/bin/solver" ]]; then
  echo "probe_audit36: nothing run (no $B/bin/solver)" | tee "$O/results.txt"
  exit 1
fi
timeout "${1:-400}" "$B/bin/solver" record --problems layernorm,softmax,reduce --samples 75 \
  --out "$O/record.json" >"$O/record.log" 2>&1
echo "record rc=$?" | tee "$O/results.txt"
python3 - "$O/record.json" <<'PY' | tee -a "$O/results.txt"
import json, statistics, sys
try:
    j = json.load(open(sys.argv[1]))
except (OSError, json.JSONDecodeError) as e:
    print("no recording:", e)
    sys.exit(0)
for p, v in j.get("problems", {}).items():
    for name, var in v.get("variants", {}).items():
        s = [x for x in (var.get("samples_us") or var.get("event_samples_us") or []) if x > 0]
        if len(s) < 3:
            continue
        m = statistics.median(s)
        exc = [i for i, x in enumerate(s) if x / m > 1.10]
        print(f"{p:10s} {name:28s} runs {len(s):3d} median {m:9.1f} us excursions {len(exc):2d} "
              f"largest {max(s) / m:.3f} at {exc[:20]}")
PY
