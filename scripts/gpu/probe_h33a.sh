#!/usr/bin/env bash
# h33a's live probe (issue 33): problems/attention_bf16's fa3p (FlashAttention-3 style: TMA
# producer warpgroup, two ping-pong consumer warpgroups, intra-warpgroup QK/softmax overlap) at
# its knob points, compiled with nvcc on the device (scripts/gpu/probe_h33a/fa3p_harness.cu),
# checked against the float64 reference on three whole heads and timed (CUDA events, median of
# 20); beside it fa3w's two recorded points through h33c's harness and PyTorch SDPA (cuDNN and
# FlashAttention backends, scripts/gpu/probe_h33c/sdpa_bf16.py) on the same GPU. Usage:
# probe_h33a.sh [SECONDS, default 60]. Everything under $OUT/probe_h33a/; the verdict line last.
# H33A_GATE=1 then gates fa3p and fa3p_persistent at one point (H33A_GATE_POINT BN,HG,STAGES,
# default 128,8,2) through the product, `solver problems check` on a copy of the problem
# (make_copy.py): NVRTC and the worker's own rank-4 tensor maps; give it ~90 s more
# (SOLVER_BUNDLE, default .carry/lead, must hold bin/solver).
# H33A_GATE needs fa3p's entries in problems/attention_bf16/problem.yaml, which are out of the
# pool until its points are recorded (docs/problems.md says how to put them back).
# H33A_POINTS (BN,STAGES,PERSIST,HG ...) overrides fa3p's points (HG = 64: heaviest first over
# the whole grid, every head's K/V in flight at once: the L2 comparison).
set -u
LIM=${1:-60}
T0=$(date +%s)
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_h33a"
mkdir -p "$D"
left() { echo $((LIM - ($(date +%s) - T0))); }
cap() { local l=$(($(left) - 3)); [ "$l" -lt "$1" ] && echo "$l" || echo "$1"; }
ARCH="-gencode arch=compute_90a,code=sm_90a"
INC="-Ikernels/gemm -Ikernels/attention -Ikernels/reduce -Iproblems/attention_bf16/include"
POINTS=${H33A_POINTS:-"128,2,1,8 128,2,0,8 128,3,1,8 128,2,1,16 64,2,1,8 128,2,1,64"}
nvidia-smi 2>/dev/null --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | head -1
pids=()
i=0
for p in $POINTS; do
  IFS=, read -r bn st pe hg <<<"$p"
  (nvcc $ARCH -O3 -std=c++17 $INC -DBN=$bn -DSTAGES=$st -DPERSIST=${pe:-0} -DHG=${hg:-8} -Xptxas -v \
    -o "$D/p_$i" \
    scripts/gpu/probe_h33a/fa3p_harness.cu -lcuda >"$D/nvcc_p$i.log" 2>&1 ||
    echo "nvcc failed for fa3p $p" >>"$D/nvcc_p$i.log") &
  pids+=($!)
  i=$((i + 1))
done
# fa3w, the loop's kept point and the first probe's best (BN,WGS,STAGES).
WPOINTS=${H33A_WPOINTS:-"64,1,2 128,2,2"}
k=0
for p in $WPOINTS; do
  IFS=, read -r bn wgs st <<<"$p"
  (nvcc $ARCH -O3 -std=c++17 $INC -DW3 -DBN=$bn -DWGS=$wgs -DSTAGES=$st -o "$D/w_$k" \
    scripts/gpu/probe_h33c/attn_bf16_harness.cu >"$D/nvcc_w$k.log" 2>&1 ||
    echo "nvcc failed for fa3w $p" >>"$D/nvcc_w$k.log") &
  pids+=($!)
  k=$((k + 1))
done
# SDPA while the compiles run (the GPU is idle then).
timeout "$(cap 30)" python3 scripts/gpu/probe_h33c/sdpa_bf16.py >"$D/sdpa.log" 2>&1 &
sdpa_pid=$!
wait "${pids[@]}" "$sdpa_pid"
for f in "$D"/nvcc_p*.log; do
  echo "$(basename "$f"): $(grep -A3 "entry function 'attn_fa3p'" "$f" | grep -o "[0-9]* bytes spill stores\|Used [0-9]* registers" | tr '\n' ' ')$(grep -h "C75\|error\|failed" "$f" | head -n 3)"
done
grep -h "failed\|error" "$D"/nvcc_w*.log | head -n 6
grep "^SDPA_\(CUDNN\|FLASH\)" "$D/sdpa.log"
for ((j = 0; j < i; j++)); do
  [ -x "$D/p_$j" ] || continue
  [ "$(left)" -lt 5 ] && { echo "fa3p point $j: skipped ($(left) s left)"; continue; }
  timeout "$(cap 15)" "$D/p_$j" >"$D/run_p$j.log" 2>&1
  echo "(exit $?)" >>"$D/run_p$j.log"
  cat "$D/run_p$j.log"
done
for ((j = 0; j < k; j++)); do
  [ -x "$D/w_$j" ] || continue
  [ "$(left)" -lt 5 ] && { echo "fa3w point $j: skipped ($(left) s left)"; continue; }
  timeout "$(cap 15)" "$D/w_$j" >"$D/run_w$j.log" 2>&1
  echo "(exit $?)" >>"$D/run_w$j.log"
  cat "$D/run_w$j.log"
done
if [ "${H33A_GATE:-0}" = 1 ]; then
  B=${SOLVER_BUNDLE:-.carry/lead}
  if [ -x "$B/bin/solver" ] && [ "$(left)" -gt 20 ]; then
    P=$(mktemp -d /tmp/h33a-prob.XXXX)
    keys=$(python3 scripts/gpu/probe_h33a/make_copy.py "$PWD/problems/attention_bf16" "$P/attention_bf16" "${H33A_GATE_POINT:-128,8,2}")
    echo "gate points: $keys"
    LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} timeout "$(($(left) - 4))" \
      "$B/bin/solver" --data-dir "$B/share/solver" problems check attention_bf16 --problems-dir "$P" \
      --jobs 0 >"$D/gate.txt" 2>&1
    echo "gate: exit $?"
    grep "attention_bf16 " "$D/gate.txt" | tail -n 4
  else
    echo "gate: skipped (no $B/bin/solver or $(left) s left)"
  fi
fi
# Only points whose check passed (exit 0) count.
ok() { for f in "$@"; do [ -f "$f" ] && grep -q "^(exit 0)" "$f" && echo "$f"; done; }
bestp=$(cat /dev/null $(ok "$D"/run_p*.log) | awk '/^TIME fa3p/ {print $3, $2}' | sort -g | head -n 1)
bestw=$(cat /dev/null $(ok "$D"/run_w*.log) | awk '/^TIME fa3w/ {print $3, $2}' | sort -g | head -n 1)
cudnn=$(awk '/^SDPA_CUDNN_MS/ {print $2}' "$D/sdpa.log")
flash=$(awk '/^SDPA_FLASH_MS/ {print $2}' "$D/sdpa.log")
nfail=$(cat "$D"/run_p*.log 2>/dev/null | grep -c "^(exit [^0]")
r() { [ -n "$1" ] && [ -n "$2" ] && awk -v a="$1" -v b="$2" 'BEGIN {printf "%.3f", a / b}' || echo "?"; }
set -- ${bestp:-"" ""}
echo "VERDICT h33a: fa3p best ${2:-none} ${1:-?} ms; fa3w best ${bestw:-none} ms; SDPA cuDNN ${cudnn:-?} ms (ratio cuDNN/fa3p $(r "$cudnn" "${1:-}")x, bar 1.0), SDPA flash ${flash:-?} ms; $nfail fa3p points failed or timed out; $(($(date +%s) - T0)) s"
