#!/usr/bin/env bash
# h33b's live probe (issue 33, "pools that can win"): the gate of `solver problems check` on the
# pools h33b adds to, compiled by the bundle's NVRTC path from copies of this tree's problems/:
# conv2d whole (winograd, mma_tf32 beside the old points); matmul_bf16 with its wgmma STAGES cut
# to 3 and 4 (5 points); triangle_contraction, batched_gemm, matmul_1024, layernorm_768 and bias_gelu cut
# to the seed, the new variant(s) and the point they are measured against (strip.py); every
# watchdog 8 s (a wgmma/mbarrier hang costs 8 s a point, not 30).
# Each point's verdict and the gate's median time; then PyTorch's time for the same ops (L2
# flushed, CUDA events, median).
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
ALL="conv2d matmul_bf16 triangle_contraction batched_gemm matmul_1024 layernorm_768 bias_gelu"
for p in $ALL; do cp -r "problems/$p" "$P/" && sed -i 's/^timeout_ms: .*/timeout_ms: 8000/' "$P/$p/problem.yaml"; done
sed -i 's/STAGES: {values: \[3, 4, 5\], default: 4}/STAGES: {values: [3, 4], default: 4}/' \
  "$P/matmul_bf16/problem.yaml"
python3 $H/strip.py "$P/triangle_contraction/problem.yaml" ctile
python3 $H/strip.py "$P/batched_gemm/problem.yaml" wgmma_tf32_tma wmma_tf32
python3 $H/strip.py "$P/matmul_1024/problem.yaml" regtile_wave async
python3 $H/strip.py "$P/layernorm_768/problem.yaml" warp_rows rows_ilp
sed -i -e 's/WPR: {values: \[1, 2, 4, 8\],/WPR: {values: [1],/' \
  -e 's/THREADS: {values: \[128, 256, 512\], default: 256}/THREADS: {values: [256], default: 256}/' \
  "$P/layernorm_768/problem.yaml"
python3 $H/strip.py "$P/bias_gelu/problem.yaml" vec4 cols

for p in $ALL; do
  l=$(($(left) - 22))
  [ "$l" -lt 10 ] && { echo "$p: not checked ($(left) s left)"; continue; }
  [ "$l" -gt 40 ] && l=40
  timeout "$l" "$B/bin/solver" --data-dir "$DD" problems check "$p" --problems-dir "$P" --json \
    >"$O/check_$p.json" 2>"$O/check_$p.err"
  echo "check $p: exit $? ($(($(date +%s) - T0)) s)"
  tail -n 3 "$O/check_$p.err"
done
python3 $H/summarize.py "$O"/check_*.json | tee "$O/points.txt"

l=$(($(left) - 3))
if [ "$l" -gt 8 ]; then
  timeout "$l" python3 $H/torch_ref.py $((l - 6)) >"$O/torch.txt" 2>&1
  echo "torch: exit $?"
fi
cat "$O/torch.txt" 2>/dev/null
fails=$(grep "^POINT" "$O/points.txt" 2>/dev/null | grep -vc "(reference)")
bad=$(grep "^POINT" "$O/points.txt" 2>/dev/null | grep -v "(reference)" | grep -vc "gate=passed")
echo "VERDICT h33b: $((fails - bad)) of $fails points passed; $(grep '^BEST' "$O/points.txt" | sed 's/^BEST //' | paste -sd ';' -); torch: $(grep '^TORCH' "$O/torch.txt" 2>/dev/null | sed 's/^TORCH //' | paste -sd ';' -); $(($(date +%s) - T0)) s"
