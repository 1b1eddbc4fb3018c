#!/usr/bin/env bash
# Probe of branch h33g (issue 33): matmul_bf16's persistent wgmma kernel (wgmma_persistent) at a
# handful of knob points, (2) through the live gate (`solver problems check` on a copy of the
# problem holding the seed and those points only: make_copy.py), (1) timed next to cuBLAS
# (PyTorch F.linear on the same tensors) in one process (time_points.py, bench/parity.py's
# export/driver/timing), each point's output checked against F.linear; the timing runs first,
# the gate gets what is left (its JSON comes at its end). Per point: gate status,
# median us, cuBLAS / ours. Usage: probe_h33g.sh [SECONDS, default 180]; output under
# $OUT/probe_h33g/, the verdict line last. H33G_POINTS (';'-separated knob assignments, as
# make_copy.py takes them) overrides the points.
set -u
LIM=${1:-180}
T0=$(date +%s)
left() { echo $((LIM - ($(date +%s) - T0))); }
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/probe-out}/probe_h33g
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S=$B/bin/solver
D=$B/share/solver
# BM,BN,STAGES,GROUP,CLUSTER,GRID,EPI; clusters last (a hang there costs only the points after it)
POINTS=${H33G_POINTS:-"128,256,4,16,1,132,0;128,256,4,16,1,132,1;128,256,4,8,1,132,1;128,256,3,16,1,132,0;256,128,4,16,1,132,1;128,128,6,16,1,132,0;128,256,4,16,2,132,0;128,256,4,16,2,128,1;256,128,4,16,2,128,1"}
if [ ! -x "$S" ]; then
  echo "VERDICT h33g: no solver at $S"
  exit 1
fi
nvidia-smi 2>/dev/null --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader | head -1 | tee "$O/gpu.txt"
P=$(mktemp -d /tmp/h33g-prob.XXXX)
keys=$(python3 scripts/gpu/probe_h33g/make_copy.py "$PWD/problems/matmul_bf16" "$P/matmul_bf16" "$POINTS") || {
  echo "VERDICT h33g: make_copy failed"
  exit 1
}
echo "points: $keys" | tee "$O/points.txt"
# (1) Timing against cuBLAS in one process.
lt=$(($(left) * 55 / 100))
s=$(date +%s)
timeout "$lt" python3 scripts/gpu/probe_h33g/time_points.py --solver "$S" --data-dir "$D" \
  --problems-dir "$P" --keys "$keys" --samples 20 --budget-s $((lt - 15)) --out "$O/times.json" \
  >"$O/times.log" 2>&1
echo "timing: exit $? in $(($(date +%s) - s)) s (limit $lt s)"
cat "$O/times.log" | grep -v '^\s*$' | tail -n 30
# (2) The live gate: the seed and every point (compiles on all cores).
lg=$(($(left) - 4))
s=$(date +%s)
timeout "$lg" "$S" --data-dir "$D" problems check matmul_bf16 --problems-dir "$P" --jobs 0 --json \
  >"$O/check.json" 2>"$O/check.err"
echo "gate: exit $? in $(($(date +%s) - s)) s (limit $lg s)"
python3 - "$O/check.json" >"$O/gate.txt" 2>&1 <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print("GATE", r.get("variant"), r.get("gate"), (r.get("detail") or "")[:160])
PY
cat "$O/gate.txt"
tail -n 3 "$O/check.err"
best=$(grep '^POINT .*check agree' "$O/times.log" | awk '{for (i = 1; i <= NF; i++) if ($i == "ratio") print $(i + 1), $2}' | sort -gr | head -n 1)
echo "VERDICT h33g: best ${best:-none} (cuBLAS / ours; bar 0.95); $(awk '$1 == "GATE" && $3 == "passed"' "$O/gate.txt" | wc -l) of $(grep -c ^GATE "$O/gate.txt") gate rows passed; $(($(date +%s) - T0)) s"
