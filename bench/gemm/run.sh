#!/usr/bin/env bash
# Builds and runs the matmul kernels of problems/matmul under bench/gemm/harness.cu on an H200
# (nvcc and cuBLAS only). Usage: bench/gemm/run.sh [OUTDIR]. One line per kernel/knob point.
set -u
cd "$(dirname "$0")/../.."
OUT=${1:-${OUT:-/tmp}}; mkdir -p "$OUT"
P=problems/matmul
build() {  # name file entry gx gy block smem tf32 extra...
  local name=$1 file=$2 entry=$3 gx=$4 gy=$5 block=$6 smem=$7 tf=$8; shift 8
  timeout 120 nvcc -O3 -std=c++17 -gencode arch=compute_90a,code=sm_90a -I$P/include -lcublas -Xptxas -v \
    -DKFILE="\"../../$P/$file\"" -DKENTRY=$entry -DGX="$gx" -DGY="$gy" -DBLOCK=$block \
    -DSMEM=$smem -DTF32=$tf -DNAME="\"$name\"" "$@" bench/gemm/harness.cu -o "$OUT/$name" \
    >"$OUT/$name.build.log" 2>&1 || { echo "$name: BUILD FAILED"; tail -20 "$OUT/$name.build.log"; return; }
  grep -E "spill|Used" "$OUT/$name.build.log" | grep "$entry" -A1 | head -4 | sed "s/^/  $name ptxas: /"
}
runit() { timeout 10 "$OUT/$1" 2>&1 || echo "$1: RUN FAILED rc=$?"; }

# name                      file                 entry                   grid x        grid y        block smem tf32
CONFIGS=(
  "regtile_db-BK16          regtile_db.cu        matmul_regtile_db       32            32            256   0     0  -DBK=16"
  "wgmma_tf32               wgmma_tf32.cu        matmul_wgmma_tf32       32            32            256   0     1"
  "ws-BM256-S4-P40          wgmma_tf32_ws.cu     matmul_wgmma_tf32_ws    32            16            384   $((4*50176+1024)) 1 -DBM=256 -DSTAGES=4 -DPREGS=40"
  "ws-BM256-S4-P56          wgmma_tf32_ws.cu     matmul_wgmma_tf32_ws    32            16            384   $((4*50176+1024)) 1 -DBM=256 -DSTAGES=4 -DPREGS=56"
  "ws-BM256-S4-P72          wgmma_tf32_ws.cu     matmul_wgmma_tf32_ws    32            16            384   $((4*50176+1024)) 1 -DBM=256 -DSTAGES=4 -DPREGS=72"
  "ws-BM256-S3-P56          wgmma_tf32_ws.cu     matmul_wgmma_tf32_ws    32            16            384   $((3*50176+1024)) 1 -DBM=256 -DSTAGES=3 -DPREGS=56"
  "ws-BM128-S4-P56          wgmma_tf32_ws.cu     matmul_wgmma_tf32_ws    32            32            384   $((4*33792+1024)) 1 -DBM=128 -DSTAGES=4 -DPREGS=56"
  "ws-BM128-S6-P56          wgmma_tf32_ws.cu     matmul_wgmma_tf32_ws    32            32            384   $((6*33792+1024)) 1 -DBM=128 -DSTAGES=6 -DPREGS=56"
  "tma-BM256-S4             wgmma_tf32_tma.cu    matmul_wgmma_tf32_tma   32            16            384   $((4*49152+1024)) 1 -DBM=256 -DSTAGES=4 -DTMA_BM=256"
  "tma-BM256-S3             wgmma_tf32_tma.cu    matmul_wgmma_tf32_tma   32            16            384   $((3*49152+1024)) 1 -DBM=256 -DSTAGES=3 -DTMA_BM=256"
  "tma-BM128-S4             wgmma_tf32_tma.cu    matmul_wgmma_tf32_tma   32            32            384   $((4*32768+1024)) 1 -DBM=128 -DSTAGES=4 -DTMA_BM=128"
  "tma-BM128-S6             wgmma_tf32_tma.cu    matmul_wgmma_tf32_tma   32            32            384   $((6*32768+1024)) 1 -DBM=128 -DSTAGES=6 -DTMA_BM=128"
)
for c in "${CONFIGS[@]}"; do
  read -r name file entry gx gy block smem tf extra <<<"$c"
  [ -n "${ONLY:-}" ] && [[ ! "$name" =~ $ONLY ]] && continue
  build "$name" "$file" "$entry" "$gx" "$gy" "$block" "$smem" "$tf" $extra &
  while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-8}" ]; do wait -n; done
done
wait
[ -n "${BUILD_ONLY:-}" ] && exit 0
for c in "${CONFIGS[@]}"; do
  read -r name _ <<<"$c"
  [ -n "${ONLY:-}" ] && [[ ! "$name" =~ $ONLY ]] && continue
  [ -x "$OUT/$name" ] && runit "$name"
done
