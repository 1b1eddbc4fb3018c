#!/usr/bin/env bash
# h33b's live probe (issue 33, "pools that can win"): `solver record` (gate, profile without PC
# sampling, 10 unprofiled samples) of the points h33b adds, compiled by the bundle's NVRTC path
# from copies of this tree's problems/, each cut (strip.py) to its seed, the new variant(s) and
# the point they are measured against, some knob lists shortened, every watchdog 8 s (a
# wgmma/mbarrier hang costs 8 s a point, not 30); then PyTorch's time for the same ops (L2
# flushed, CUDA events, median). Problems in order of interest; a record cut by the time limit
# keeps the points it finished.
# Usage: probe_h33b.sh [SECONDS, default 90]. Everything under $OUT/probe_h33b/; verdict last.
set -u
LIM=${1:-90}
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
O="$OUT/probe_h33b"
mkdir -p "$O"
H=scripts/gpu/probe_h33b
B=${SOLVER_BUNDLE:-.carry/lead}
DD=$B/share/solver
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
left() { echo $((LIM - ($(date +%s) - T0))); }

P="$O/problems"
rm -rf "$P" && mkdir -p "$P"
ALL="conv2d matmul_bf16 batched_gemm triangle_contraction matmul_1024 layernorm_768 bias_gelu"
for p in $ALL; do cp -r "problems/$p" "$P/" && sed -i 's/^timeout_ms: .*/timeout_ms: 8000/' "$P/$p/problem.yaml"; done
python3 $H/strip.py "$P/conv2d/problem.yaml" regtile winograd mma_tf32
sed -i 's/STAGES: {values: \[3, 4\], default: 3}/STAGES: {values: [3], default: 3}/' "$P/conv2d/problem.yaml"
python3 $H/strip.py "$P/matmul_bf16/problem.yaml" wgmma_tma
sed -i 's/STAGES: {values: \[3, 4, 5\], default: 4}/STAGES: {values: [3, 4], default: 4}/' \
  "$P/matmul_bf16/problem.yaml"
python3 $H/strip.py "$P/batched_gemm/problem.yaml" wgmma_tf32_tma wmma_tf32 regtile_db
sed -i -e 's/STAGES: {values: \[4, 6\], default: 4}/STAGES: {values: [4], default: 4}/' -e 's/BK: {values: \[8, 16\], default: 16}/BK: {values: [16], default: 16}/' "$P/batched_gemm/problem.yaml"
python3 $H/strip.py "$P/triangle_contraction/problem.yaml" ctile
python3 $H/strip.py "$P/matmul_1024/problem.yaml" regtile_wave async
python3 $H/strip.py "$P/layernorm_768/problem.yaml" warp_rows rows_ilp
sed -i -e 's/WPR: {values: \[1, 2, 4, 8\],/WPR: {values: [1],/' \
  -e 's/THREADS: {values: \[128, 256, 512\], default: 256}/THREADS: {values: [256], default: 256}/' \
  "$P/layernorm_768/problem.yaml"
python3 $H/strip.py "$P/bias_gelu/problem.yaml" vec4 cols

# One worker for all (its start and the ceilings are measured once); flushed after every point.
l=$(($(left) - 20))
timeout "$l" "$B/bin/solver" --data-dir "$DD" record --problems "$(echo $ALL | tr ' ' ',')" \
  --problems-dir "$P" --samples 10 --no-pc-sampling --out "$O/rec.json" >"$O/rec.log" 2>&1
echo "record: exit $? ($(($(date +%s) - T0)) s)"
grep -v ' -> ok$' "$O/rec.log" | tail -n 8
python3 $H/summarize.py "$O/rec.json" | tee "$O/points.txt"

l=$(($(left) - 3))
if [ "$l" -gt 8 ]; then
  timeout "$l" python3 $H/torch_ref.py $((l - 6)) >"$O/torch.txt" 2>&1
  echo "torch: exit $?"
fi
cat "$O/torch.txt" 2>/dev/null
fails=$(grep "^POINT" "$O/points.txt" 2>/dev/null | grep -vc "(reference)")
bad=$(grep "^POINT" "$O/points.txt" 2>/dev/null | grep -v "(reference)" | grep -vc "gate=passed")
echo "VERDICT h33b: $((fails - bad)) of $fails points passed; $(grep '^BEST' "$O/points.txt" | sed 's/^BEST //' | paste -sd ';' -); torch: $(grep '^TORCH' "$O/torch.txt" 2>/dev/null | sed 's/^TORCH //' | paste -sd ';' -); $(($(date +%s) - T0)) s"
