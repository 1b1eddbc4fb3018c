#!/usr/bin/env bash
# One device call: the bundle's identity, both `gpu` test binaries, and the correctness gate of
# every variant of the built-in problems (`solver problems check`, timed: the gate's cost), on
# the GPU machine from the repo root. Bundle: $SOLVER_BUNDLE (default .carry/lead, made by
# scripts/gpu/bundle.sh). Logs under $OUT. Every step is time-limited.
set -u
OUT=${OUT:-/tmp/solver-check}; mkdir -p "$OUT"
B=${SOLVER_BUNDLE:-.carry/lead}; D=$B/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader)"
$B/bin/solver --version
echo "== gpu tests"
s=$(date +%s%N)
SOLVER_GPU_WORKER=$PWD/$B/bin/solver-gpu SOLVER_FAULTS_REPORT=$OUT timeout 200 $B/tests/fault_suite_gpu_test
echo "(fault_suite_gpu_test exit $?, $(ms $s) ms)"
s=$(date +%s%N)
SOLVER_TEST_WORKER=$PWD/$B/bin/solver-gpu SOLVER_TEST_SOURCE_DIR=$PWD timeout 120 $B/tests/live_backend_gpu_test
echo "(live_backend_gpu_test exit $?, $(ms $s) ms)"
echo "== problems check (gate of every knob point of the built-in pools)"
s=$(date +%s%N)
timeout ${CHECK_LIMIT:-240} $B/bin/solver --data-dir $D problems check ${CHECK_PROBLEMS:-} --json > "$OUT/problems_check.json"
echo "(problems check exit $?, $(ms $s) ms)"
python3 - "$OUT/problems_check.json" <<'PY' || true
import json, sys
j = json.load(open(sys.argv[1]))
rows = j["rows"]
bad = [r for r in rows if r.get("failed")]
print(f"{j.get('points')} points, {len(rows)} rows, {j.get('failures')} failures")
for r in bad[:40]: print("  FAILED", r["problem"], r["variant"], r.get("gate"), r.get("detail", "")[:200])
PY
} 2>&1 | tee "$OUT/check.log"
