#!/usr/bin/env bash
# Probe of branch h33k (issue 33): matmul's persistent TF32 wgmma kernel (wgmma_persistent, the
# TF32 counterpart of matmul_bf16's) against cuBLAS TF32 (PyTorch torch.mm with allow_tf32, the
# same L2 flush) on the same tensors.
# (1) The live gate: `solver problems check` on a copy of matmul holding the seed and
# wgmma_persistent at the probe's points only (probe_h33i/make_copy.py); its JSON row per point.
# (2) Timing in one process (probe_h33i/time_points.py, bench/parity.py's export/driver/timing):
# the points that passed the gate (every point when the gate gave no answer), then
# wgmma_tf32_tma[BM=256,STAGES=4] (the pool's best before, 355 us); per point the output
# checked against torch.mm, the median, and cuBLAS TF32 / ours (torch timed before the first
# point and after the last; ratios use the better).
# (3) batched_gemm's wgmma_persistent (the same kernel over 16 x 1024^3, rank-3 maps) timed and
# checked against torch.bmm the same way, with its wgmma_tf32_tma[BM=256,STAGES=4] (no gate).
# (4) With H33K_BF16=1, matmul_bf16's wgmma_persistent default point gated too (its helpers moved
# to kernels/gemm/persistent_ops.cuh on this branch).
# Usage: probe_h33k.sh [SECONDS, default 120]; output under $OUT/probe_h33k/, verdict line last.
# H33K_POINTS (';'-separated K=V,K=V knob assignments) overrides the points.
set -u
LIM=${1:-120}
T0=$(date +%s)
left() { echo $((LIM - ($(date +%s) - T0))); }
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/probe-out}/probe_h33k
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
S=$B/bin/solver
D=$B/share/solver
PTS=${H33K_POINTS:-"BM=256,EPI=1,GROUP=16,STAGES=4;BM=256,EPI=0,GROUP=16,STAGES=4;BM=256,EPI=1,GROUP=8,STAGES=4;BM=256,EPI=1,GROUP=16,STAGES=3;BM=128,EPI=1,GROUP=16,STAGES=6;BM=128,EPI=0,GROUP=16,STAGES=4"}
if [ ! -x "$S" ]; then
  echo "VERDICT h33k: no solver at $S"
  exit 1
fi
nvidia-smi 2>/dev/null --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader | head -1 | tee "$O/gpu.txt"
P=$(mktemp -d /tmp/h33k-prob.XXXX)
keys=$(python3 scripts/gpu/probe_h33i/make_copy.py "$PWD/problems/matmul" "$P/matmul" \
  use_tensor_cores_tf32 "wgmma_persistent:$PTS") || {
  echo "VERDICT h33k: make_copy failed"
  exit 1
}
echo "points: $keys" | tee "$O/points.txt"
# (1) The live gate of the seed and every point (a hang costs the watchdog's 30 s per batch).
lg=$(($(left) * 40 / 100))
s=$(date +%s)
timeout "$lg" "$S" --data-dir "$D" problems check matmul --problems-dir "$P" --jobs 0 --json \
  >"$O/check.json" 2>"$O/check.err"
echo "gate: exit $? in $(($(date +%s) - s)) s (limit $lg s)"
python3 - "$O/check.json" >"$O/gate.txt" 2>&1 <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print("GATE", r.get("variant"), r.get("gate"), r.get("registers"), (r.get("detail") or "")[:200])
PY
cat "$O/gate.txt"
tail -n 3 "$O/check.err"
passed=$(awk '$1 == "GATE" && $2 ~ /^wgmma_persistent/ && $3 == "passed" {printf "%s;", $2}' "$O/gate.txt")
grep -q '^GATE' "$O/gate.txt" || passed=$keys
# (2) Timing against cuBLAS TF32 in one process: the passing points, then the old best.
lt=$(($(left) * 60 / 100))
s=$(date +%s)
timeout "$lt" python3 scripts/gpu/probe_h33i/time_points.py --solver "$S" --data-dir "$D" \
  --problem matmul --problems-dir "$PWD/problems" --keys "${passed}wgmma_tf32_tma[BM=256,STAGES=4]" \
  --samples 20 --budget-s $((lt - 12)) --out "$O/times.json" >"$O/times.log" 2>&1
echo "timing: exit $? in $(($(date +%s) - s)) s (limit $lt s)"
grep -v '^\s*$' "$O/times.log" | tail -n 20
lb=$(($(left) - 3))
[ "${H33K_BF16:-0}" = 1 ] && lb=$((lb - 25))
s=$(date +%s)
timeout "$lb" python3 scripts/gpu/probe_h33i/time_points.py --solver "$S" --data-dir "$D" \
  --problem batched_gemm --problems-dir "$PWD/problems" \
  --keys "${H33K_BATCHED:-wgmma_persistent[BM=256,EPI=1,STAGES=4];wgmma_persistent[BM=256,EPI=0,STAGES=4];wgmma_persistent[BM=128,EPI=1,STAGES=6]};wgmma_tf32_tma[BM=256,STAGES=4]" \
  --samples 20 --budget-s $((lb - 10)) --out "$O/times_bmm.json" >"$O/times_bmm.log" 2>&1
echo "batched timing: exit $? in $(($(date +%s) - s)) s (limit $lb s)"
grep -v '^\s*$' "$O/times_bmm.log" | tail -n 8
if [ "${H33K_BF16:-0}" = 1 ]; then
  python3 scripts/gpu/probe_h33i/make_copy.py "$PWD/problems/matmul_bf16" "$P/matmul_bf16" \
    use_tensor_cores_bf16 "wgmma_persistent:BM=128,BN=256,CLUSTER=1,EPI=1,GRID=132,GROUP=16,STAGES=4" >/dev/null &&
    timeout $(($(left) - 2)) "$S" --data-dir "$D" problems check matmul_bf16 --problems-dir "$P" \
      --jobs 0 --json >"$O/check_bf16.json" 2>"$O/check_bf16.err"
  echo "bf16 gate: exit $?"
  python3 -c 'import json,sys; [print("GATE_BF16", r.get("variant"), r.get("gate")) for r in json.load(open(sys.argv[1]))["rows"]]' "$O/check_bf16.json" 2>&1 | tail -n 3
fi
best=$(grep '^POINT wgmma_persistent.*check agree' "$O/times.log" | awk '{for (i = 1; i <= NF; i++) if ($i == "ratio") print $(i + 1), $2}' | sort -gr | head -n 1)
bbest=$(grep '^POINT wgmma_persistent.*check agree' "$O/times_bmm.log" 2>/dev/null | awk '{for (i = 1; i <= NF; i++) if ($i == "ratio") print $(i + 1), $2}' | sort -gr | head -n 1)
echo "VERDICT h33k: matmul best ${best:-none} (cuBLAS TF32 / ours; >1 beats it); batched_gemm best ${bbest:-none}; $(awk '$1 == "GATE" && $3 == "passed"' "$O/gate.txt" | wc -l) of $(grep -c ^GATE "$O/gate.txt") gate rows passed; $(($(date +%s) - T0)) s"
