#!/usr/bin/env bash
# Probe of branch h33m (issues 33 and 30): sgemm_2048's new pool variant `warptile` (the kernel
# library's warp-tiled GEMM, both operands staged by cp.async in a 2-4 stage pipeline,
# kernels/gemm/warptile_gemm.cuh) against cuBLAS SGEMM (PyTorch torch.mm, allow_tf32 False:
# bench/parity.py's set_precision for fp32) on the same tensors.
# (1) The live gate: `solver problems check` on a copy of sgemm_2048 holding the seed, the
# warptile points below and the pool's recorded best tiled point only (probe_h33i/make_copy.py);
# a JSON row per point (passed / the failing input set), registers included.
# (2) Timing in one process (probe_h33i/time_points.py, bench/parity.py's export/driver/timing):
# per point the output checked against torch.mm, the median (L2 flushed before each sample),
# and cuBLAS / ours (the "ratio"; the task's bar is >= 0.95).
# (3) $O/record_command.txt: the command that adds warptile's points to h200-large.json.
# Usage: probe_h33m.sh [SECONDS, default 120]; output under $OUT/probe_h33m/, verdict line last.
# H33M_POINTS (';'-separated K=V,... assignments of all eight knobs) overrides the 16 points
# (VEC 1: A transposed by 4-byte copies; VEC 4: A row-major, 16-byte copies).
# The bundle may predate this branch: its kernels/ lacks warptile_gemm.cuh, so the library is
# this tree's (SOLVER_KERNELS_DIR) and the problem folder is this tree's copy.
set -u
LIM=${1:-120}
T0=$(date +%s)
left() { echo $((LIM - ($(date +%s) - T0))); }
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/probe-out}/probe_h33m
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
export SOLVER_KERNELS_DIR=$PWD/kernels
S=$B/bin/solver
D=$B/share/solver
PTS=${H33M_POINTS:-"BM=128,BN=128,WM=32,WN=64,BK=16,STAGES=3,VEC=1,MINB=1;\
BM=128,BN=128,WM=32,WN=64,BK=16,STAGES=3,VEC=1,MINB=2;\
BM=128,BN=128,WM=64,WN=32,BK=16,STAGES=3,VEC=1,MINB=2;\
BM=128,BN=128,WM=32,WN=64,BK=8,STAGES=4,VEC=1,MINB=2;\
BM=128,BN=128,WM=32,WN=64,BK=8,STAGES=3,VEC=1,MINB=2;\
BM=128,BN=128,WM=32,WN=64,BK=16,STAGES=2,VEC=1,MINB=2;\
BM=128,BN=128,WM=32,WN=64,BK=8,STAGES=2,VEC=1,MINB=1;\
BM=128,BN=128,WM=32,WN=64,BK=16,STAGES=3,VEC=4,MINB=1;\
BM=128,BN=128,WM=32,WN=64,BK=16,STAGES=3,VEC=4,MINB=2;\
BM=128,BN=128,WM=32,WN=64,BK=8,STAGES=4,VEC=4,MINB=2;\
BM=128,BN=64,WM=32,WN=32,BK=16,STAGES=3,VEC=1,MINB=1;\
BM=64,BN=128,WM=32,WN=64,BK=16,STAGES=3,VEC=1,MINB=1;\
BM=256,BN=64,WM=64,WN=32,BK=16,STAGES=2,VEC=1,MINB=2;\
BM=64,BN=256,WM=32,WN=64,BK=16,STAGES=2,VEC=1,MINB=2;\
BM=64,BN=128,WM=16,WN=64,BK=16,STAGES=2,VEC=1,MINB=1;\
BM=128,BN=64,WM=64,WN=32,BK=16,STAGES=3,VEC=1,MINB=1"}
TILED="BK=8,BM=128,BN=128,DB=1,PAD=0,TM=8,TN=8,VEC=4"
# The command that records warptile's points into the large pools' recording (the lead's, once
# this branch is merged and bundled): RECORD_BASE starts from a copy of the committed file, and
# --merge measures only the points it lacks (problem.yaml only gained a variant: record_merge.h);
# the new points are re-derived against the file's ceilings before it is written.
cat >"$O/record_command.txt" <<'EOF'
PROBLEMS=sgemm_2048 RECORD_BASE=tests/data/recordings/h200-large.json \
RECORD_ARGS="--sweep --jobs 0 --samples 10 --no-pc-sampling --profile-fastest 12 --profile-spread 12 --time-limit 170 --profile-reserve 50" \
BUDGET_S=290 scripts/gpu/run.sh record
# then: cp $OUT/record/recording.json tests/data/recordings/h200-large.json
# record_sgemm_2048.log must say "problem.yaml gained variants (warptile): only their points are
# measured", "already recorded, skipped" for the tiled/naive points and "compiling 146 points ahead".
EOF
if [ ! -x "$S" ]; then
  echo "VERDICT h33m: no solver at $S"
  exit 1
fi
nvidia-smi 2>/dev/null --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader | head -1 | tee "$O/gpu.txt"
"$S" --data-dir "$D" problems check --count sgemm_2048 --problems-dir "$PWD/problems" 2>&1 |
  grep -i "pool\|warptile" | head -5 | tee "$O/count.txt"
P=$(mktemp -d /tmp/h33m-prob.XXXX)
specs=$(echo "$PTS" | tr -d ' \n')
keys=$(python3 scripts/gpu/probe_h33i/make_copy.py "$PWD/problems/sgemm_2048" "$P/sgemm_2048" \
  async_copy_pipeline "warptile:$specs" "tiled:$TILED") || {
  echo "VERDICT h33m: make_copy failed"
  exit 1
}
echo "points: $keys" | tee "$O/points.txt"
# (1) The live gate (compiles on all cores), at most 55% of the time (timing needs ~30 s).
lg=$(($(left) * 55 / 100))
s=$(date +%s)
timeout "$lg" "$S" --data-dir "$D" problems check sgemm_2048 --problems-dir "$P" --jobs 0 --json \
  >"$O/check.json" 2>"$O/check.err"
echo "gate: exit $? in $(($(date +%s) - s)) s (limit $lg s)"
python3 - "$O/check.json" >"$O/gate.txt" 2>&1 <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print("GATE", r.get("variant"), r.get("gate"), r.get("registers"), (r.get("detail") or "")[:200])
PY
cat "$O/gate.txt"
tail -n 3 "$O/check.err"
# (2) Timing against cuBLAS SGEMM in one process: every point, the tiled best last.
lt=$(($(left) - 5))
s=$(date +%s)
timeout "$lt" python3 scripts/gpu/probe_h33i/time_points.py --solver "$S" --data-dir "$D" \
  --problem sgemm_2048 --problems-dir "$P" --keys "$keys" \
  --samples 20 --budget-s $((lt - 10)) --out "$O/times.json" >"$O/times.log" 2>&1
echo "timing: exit $? in $(($(date +%s) - s)) s (limit $lt s)"
grep -v '^\s*$' "$O/times.log" | tail -n 24
best=$(grep '^POINT warptile.*check agree' "$O/times.log" | awk '{for (i = 1; i <= NF; i++) if ($i == "ratio") print $(i + 1), $2}' | sort -gr | head -n 1)
echo "VERDICT h33m: best ${best:-none} (cuBLAS SGEMM / ours; bar 0.95); $(awk '$1 == "GATE" && $3 == "passed"' "$O/gate.txt" | wc -l) of $(grep -c ^GATE "$O/gate.txt") gate rows passed; $(($(date +%s) - T0)) s"
