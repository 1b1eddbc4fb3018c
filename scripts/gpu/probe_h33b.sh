#!/usr/bin/env bash
# h33b's live probe (issue 33, "pools that can win"): the gate of `solver problems check` on the
# pools h33b adds to (conv2d: winograd, mma_tf32; the new matmul_bf16; and whatever else
# $H33B_PROBLEMS names), compiled by the bundle's NVRTC path from this tree's problems/, each
# point's verdict and the gate's median time; then PyTorch's time for the same ops (L2 flushed,
# CUDA events, median). matmul_bf16 is checked from a copy whose wgmma knobs are cut to two
# points and whose watchdog is 8 s (a wgmma/mbarrier hang costs 8 s, not 30 s a point).
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
for p in conv2d matmul_bf16 ${H33B_PROBLEMS:-}; do cp -r "problems/$p" "$P/"; done
sed -i -e 's/^timeout_ms: .*/timeout_ms: 8000/' \
  -e 's/STAGES: {values: \[3, 4, 5\], default: 4}/STAGES: {values: [4], default: 4}/' \
  "$P/matmul_bf16/problem.yaml"

for p in conv2d matmul_bf16 ${H33B_PROBLEMS:-}; do
  l=$(($(left) - 22))
  [ "$l" -lt 10 ] && { echo "$p: not checked ($(left) s left)"; continue; }
  [ "$l" -gt 45 ] && l=45
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
