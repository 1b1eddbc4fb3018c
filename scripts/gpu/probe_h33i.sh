#!/usr/bin/env bash
# Probe of branch h33i (issue 33): conv2d's Hopper variants against cuDNN TF32 (PyTorch
# F.conv2d, eager and cudnn.benchmark) on the same tensors: wgmma_tma (implicit GEMM on TF32
# wgmma fed by TMA, after an NCHW -> NHWC + filter prep launch) and wgmma_halo (no NHWC pass:
# NCHW boxes transposed in shared memory, one staged tile per slab for all nine taps).
# (1) The live gate: `solver problems check` on a copy of conv2d holding the seed and the
# two variants at the probe's points only (probe_h33i/make_copy.py);
# its JSON row per point (passed / the failing input set and error). (2) Timing in one process
# (probe_h33i/time_points.py, bench/parity.py's export/driver/timing): per point the output
# checked against F.conv2d, the median of the whole sequence and of each launch alone (prep,
# main), and cuDNN / ours; mma_tf32[BM=128,STAGES=3] (the pool's best before) is timed too.
# Usage: probe_h33i.sh [SECONDS, default 240]; output under $OUT/probe_h33i/, verdict line last.
# H33I_TMA / H33I_HALO (';'-separated K=V,K=V knob assignments) override each variant's points.
set -u
LIM=${1:-240}
T0=$(date +%s)
left() { echo $((LIM - ($(date +%s) - T0))); }
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/probe-out}/probe_h33i
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S=$B/bin/solver
D=$B/share/solver
TMA=${H33I_TMA:-"PIX=224,IMGS=2,STAGES=4;PIX=112,IMGS=1,STAGES=4;PIX=112,IMGS=2,STAGES=3"}
HALO=${H33I_HALO:-"ROWS=7,STAGES=4,TW=28;ROWS=7,STAGES=3,TW=28;ROWS=4,STAGES=4,TW=28;ROWS=4,STAGES=6,TW=28"}
if [ ! -x "$S" ]; then
  echo "VERDICT h33i: no solver at $S"
  exit 1
fi
nvidia-smi 2>/dev/null --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader | head -1 | tee "$O/gpu.txt"
P=$(mktemp -d /tmp/h33i-prob.XXXX)
keys=$(python3 scripts/gpu/probe_h33i/make_copy.py "$PWD/problems/conv2d" "$P/conv2d" \
  use_tensor_cores_tf32 "wgmma_tma:$TMA" "wgmma_halo:$HALO") || {
  echo "VERDICT h33i: make_copy failed"
  exit 1
}
echo "points: $keys" | tee "$O/points.txt"
# (1) The live gate of the seed and every point (compiles on all cores; a hang costs the
# watchdog's 30 s per batch, so it gets at most 45% of the time).
lg=$(($(left) * 45 / 100))
s=$(date +%s)
timeout "$lg" "$S" --data-dir "$D" problems check conv2d --problems-dir "$P" --jobs 0 --json \
  >"$O/check.json" 2>"$O/check.err"
echo "gate: exit $? in $(($(date +%s) - s)) s (limit $lg s)"
python3 - "$O/check.json" >"$O/gate.txt" 2>&1 <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print("GATE", r.get("variant"), r.get("gate"), r.get("registers"), (r.get("detail") or "")[:200])
PY
cat "$O/gate.txt"
tail -n 3 "$O/check.err"
# (2) Timing against cuDNN in one process: the new points, then mma_tf32's best.
lt=$(($(left) - 5))
s=$(date +%s)
timeout "$lt" python3 scripts/gpu/probe_h33i/time_points.py --solver "$S" --data-dir "$D" \
  --problem conv2d --problems-dir "$PWD/problems" --keys "$keys;mma_tf32[BM=128,STAGES=3]" \
  --samples 20 --budget-s $((lt - 15)) --out "$O/times.json" >"$O/times.log" 2>&1
echo "timing: exit $? in $(($(date +%s) - s)) s (limit $lt s)"
grep -v '^\s*$' "$O/times.log" | tail -n 30
best=$(grep '^POINT wgmma.*check agree' "$O/times.log" | awk '{for (i = 1; i <= NF; i++) if ($i == "ratio") print $(i + 1), $2}' | sort -gr | head -n 1)
echo "VERDICT h33i: best ${best:-none} (cuDNN TF32 / ours); $(awk '$1 == "GATE" && $3 == "passed"' "$O/gate.txt" | wc -l) of $(grep -c ^GATE "$O/gate.txt") gate rows passed; $(($(date +%s) - T0)) s"
