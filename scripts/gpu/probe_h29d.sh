#!/usr/bin/env bash
# h29d's live probe (issue 29): the second fresh held-out batch (tests/corpus_fresh2) through the
# correctness gate on the H200 (`solver problems check`: compile, float64 reference, the gate's
# input sets), one process for the whole batch (one CUDA context), then again as JSON (the
# gate's phase times) where seconds are left; nothing is classified or profiled (the predicted
# labels were committed before this ran; the batch is scored only in the final call, run.sh
# corpus_fresh2). Usage: probe_h29d.sh [SECONDS, default 90]. Everything under
# $OUT/probe_h29d/; the verdict line last.
set -u
LIM=${1:-90}
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_h29d"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
left() { echo $((LIM - ($(date +%s) - T0))); }
S() { "$B/bin/solver" --data-dir "$B/share/solver" "$@"; }
# 1. The gate, whole batch, one process: JSON rows to check.json, progress lines to check.log
#    (stderr, streamed), so a cut run still says how far it got.
t=$(($(left) - 5)); [ "$t" -lt 20 ] && t=20
timeout "$t" "$B/bin/solver" --data-dir "$B/share/solver" problems check \
  --problems-dir tests/corpus_fresh2 --chip h200 --json >"$D/check.json" 2>"$D/check.log"
rc=$?
echo "problems check (whole batch): exit $rc in $(($(date +%s) - T0)) s"
python3 - "$D/check.json" <<'PY' || tail -n 8 "$D/check.log" | cut -c1-200
import json, sys
j = json.load(open(sys.argv[1]))
for r in j["rows"]:
    print(f'{r["problem"]:24s} {r["variant"]:12s} gate={r["gate"]!s:8s} failed={r["failed"]} {str(r.get("detail", ""))[:160]}')
print("failures:", j.get("failures"))
PY
fails=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1])).get('failures','?'))" "$D/check.json" 2>/dev/null || echo "?")
echo "probe_h29d: corpus_fresh2 gate exit $rc, failures $fails, $(($(date +%s) - T0)) s"
