# Sourced, not run: the gate of one fresh held-out batch (tests/corpus_$BATCH) on the H200
# (`solver problems check`: compile, float64 reference, the gate's input sets), one process for
# the whole batch (one CUDA context); nothing is classified or profiled (the labels were
# committed before this ran; the batch is scored only by run.sh corpus_$BATCH). Set BATCH and
# LIM (seconds) before sourcing; everything under $OUT/probe_$BATCH/, the verdict line last:
# "probe_$BATCH: corpus_$BATCH gate exit RC, failures N, S s".
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_$BATCH"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x "$B/bin/solver" ]; then
  echo "probe_$BATCH: nothing run (no $B/bin/solver)"
  exit 1
fi
# The gate, whole batch, one process: JSON rows to check.json, progress lines to check.log
# (stderr, streamed), so a cut run still says how far it got.
t=$((LIM - 3 - ($(date +%s) - T0)))
[ "$t" -lt 10 ] && t=10
timeout "$t" "$B/bin/solver" --data-dir "$B/share/solver" problems check \
  --problems-dir tests/corpus_$BATCH --chip h200 --json >"$D/check.json" 2>"$D/check.log"
rc=$?
echo "problems check (whole batch): exit $rc in $(($(date +%s) - T0)) s"
python3 - "$D/check.json" <<'PY' || { echo "(no JSON: the run was cut; its progress lines:)"; tail -n 12 "$D/check.log" | cut -c1-200; }
import json, sys
j = json.load(open(sys.argv[1]))
for r in j["rows"]:
    print(f'{r["problem"]:22s} {r["variant"]:12s} gate={r["gate"]!s:8s} failed={r["failed"]} {str(r.get("detail", ""))[:160]}')
print("failures:", j.get("failures"))
PY
fails=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1])).get('failures','?'))" "$D/check.json" 2>/dev/null || echo "?")
echo "probe_$BATCH: corpus_$BATCH gate exit $rc, failures $fails, $(($(date +%s) - T0)) s"
