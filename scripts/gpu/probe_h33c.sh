#!/usr/bin/env bash
# h33c's live probe (issue 33): problems/attention_bf16's FA2 mma.sync kernel and its wgmma
# kernel (several knob points each) and its seed, compiled with nvcc on the device, checked against the float64 reference on two whole
# heads and timed; PyTorch SDPA's FlashAttention backend timed on the same shape; the ratio
# SDPA time / ours (>= 0.9 is the issue's bar). Then the FP32 register-tiled flash kernel
# (kernels/attention/attn_flash_rt.cuh) at attention's and decoder_block's shapes
# against the existing attn_flash and PyTorch's FP32 SDPA (TF32 off). Usage: probe_h33c.sh [SECONDS, default 90].
# Everything under $OUT/probe_h33c/; the verdict line last.
set -u
LIM=${1:-90}
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_h33c"
mkdir -p "$D"
H=scripts/gpu/probe_h33c
left() { echo $((LIM - ($(date +%s) - T0))); }
cap() { local l=$(($(left) - 3)); [ "$l" -lt "$1" ] && echo "$l" || echo "$1"; }
# Knob points: fa2:BM,BN,WARPS,STAGES (mma.sync) and w3:BN,WGS,STAGES (wgmma); the first runs the seed too.
POINTS=${H33C_POINTS:-"fa2:64,64,4,2 fa2:128,128,8,2 fa2:128,64,4,2 w3:128,2,2 w3:64,2,2 w3:128,1,2"}
ARCH="-gencode arch=compute_90a,code=sm_90a"
# The harnesses include fa3w.cu and the references, which read the kernel library (kernels/) since
# its headers moved there (h33f); the folder's own include/ too.
INC="-Ikernels/gemm -Ikernels/attention -Ikernels/reduce -Iproblems/attention_bf16/include"
i=0
pids=()
for p in $POINTS; do
  kind=${p%%:*}
  if [ "$kind" = w3 ]; then
    IFS=, read -r bn wgs st <<<"${p#*:}"
    defs="-DW3 -DBN=$bn -DWGS=$wgs -DSTAGES=$st"
  else
    IFS=, read -r bm bn w st <<<"${p#*:}"
    defs="-DBM=$bm -DBN=$bn -DWARPS=$w -DSTAGES=$st"
  fi
  [ $i -eq 0 ] && defs="$defs -DWITH_SEED"
  (nvcc $ARCH -O3 -std=c++17 $INC $defs -o "$D/h_$i" $H/attn_bf16_harness.cu >"$D/nvcc_$i.log" 2>&1 || echo "nvcc failed for $p" >>"$D/nvcc_$i.log") &
  pids+=($!)
  i=$((i + 1))
done
# FP32 register-tiled flash (attention, decoder_block's causal attention): CAUSAL TM MINB PREFETCH
# BALANCE, and TF32W (0: none, else the TF32 mma.sync flash of problems/attention/flash_tf32.cu with
# that many warps) in the same binary.
FPOINTS=${H33C_FPOINTS:-"0,8,1,1,0,4 0,4,2,0,0,8 0,8,2,0,0,0 1,8,1,0,1,4 1,4,2,0,1,8 1,8,1,1,0,0"}
k=0
for p in $FPOINTS; do
  IFS=, read -r c tm mb pf bal tw <<<"$p"
  t3=""
  [ "${tw:-0}" != 0 ] && t3="-DWITH_TF32 -DWARPS=$tw -DSTAGES=2"
  (nvcc $ARCH -O3 -std=c++17 $INC -DCAUSAL=$c -DTM=$tm -DMINB=$mb -DPREFETCH=$pf -DBALANCE=$bal $t3 \
    -o "$D/f_$k" $H/attn_fp32_harness.cu >"$D/nvccf_$k.log" 2>&1 || echo "nvcc failed for fp32 $p" >>"$D/nvccf_$k.log") &
  pids+=($!)
  k=$((k + 1))
done
timeout $(($(left) - 5)) python3 $H/sdpa_bf16.py >"$D/sdpa.log" 2>&1 &
sdpa_pid=$!
wait "${pids[@]}" "$sdpa_pid"
cat "$D"/nvcc_*.log "$D"/nvccf_*.log | grep -v '^$' | head -n 20
cat "$D/sdpa.log"
best=""
for ((j = 0; j < i; j++)); do
  [ -x "$D/h_$j" ] || continue
  [ "$(left)" -lt 8 ] && { echo "point $j: skipped ($(left) s left)"; continue; }
  timeout "$(cap 20)" "$D/h_$j" >"$D/run_$j.log" 2>&1
  echo "(exit $?)" >>"$D/run_$j.log"
  cat "$D/run_$j.log"
done
for ((j = 0; j < k; j++)); do
  [ -x "$D/f_$j" ] || continue
  [ "$(left)" -lt 8 ] && { echo "fp32 point $j: skipped ($(left) s left)"; continue; }
  timeout "$(cap 20)" "$D/f_$j" >"$D/runf_$j.log" 2>&1
  echo "(exit $?)" >>"$D/runf_$j.log"
  cat "$D/runf_$j.log"
done
sdpa=$(awk '/^SDPA_FLASH_MS/ {print $2}' "$D/sdpa.log")
# Only points whose check passed count for the best time.
passed() { for f in "$@"; do [ -f "$f" ] && grep -q "outside atol" "$f" && ! grep "outside atol" "$f" | grep -vq " 0 of " && echo "$f"; done; }
best=$(cat /dev/null $(passed "$D"/run_*.log) | awk '/^TIME fa/ {print $3, $2}' | sort -g | head -n 1)
bad=$(cat "$D"/run*_*.log 2>/dev/null | grep -c "outside atol" )
fails=$(cat "$D"/run*_*.log 2>/dev/null | grep "outside atol" | grep -vc " 0 of ")
for c in 0 1; do
  nm=attention
  [ $c -eq 1 ] && nm=decoder_attn
  t32=$(awk -v n="SDPA_FP32_$nm" '$1 == n {print $2}' "$D/sdpa.log")
  b32=$(cat /dev/null $(passed "$D"/runf_*.log) | grep "^TIME flash_rt\[CAUSAL=$c" | awk '{print $(NF-3), $2}' | sort -g | head -n 1)
  t3b=$(cat /dev/null $(passed "$D"/runf_*.log) | grep "^TIME flash_tf32\[CAUSAL=$c" | awk '{print $3, $2}' | sort -g | head -n 1)
  echo "FP32 $nm: best ${b32:-none} ms; TF32 best ${t3b:-none} ms; PyTorch FP32 SDPA ${t32:-?} ms"
done
if [ -n "$sdpa" ] && [ -n "$best" ]; then
  set -- $best
  ratio=$(awk -v a="$sdpa" -v b="$1" 'BEGIN {printf "%.3f", a / b}')
  echo "VERDICT h33c: best BF16 $2 $1 ms vs SDPA flash $sdpa ms: ratio ${ratio}x (bar 0.9); $fails of $bad checks failed; $(($(date +%s) - T0)) s"
else
  echo "VERDICT h33c: incomplete (sdpa '${sdpa}', best '${best}'); $fails of $bad checks failed; $(($(date +%s) - T0)) s"
fi
