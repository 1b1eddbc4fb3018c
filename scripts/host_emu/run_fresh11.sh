#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh11 (helper h29o, issue 29): the folders' kernel.cu and
# reference.cu compiled as C++ after emu.h (each block's threads as ucontext coroutines,
# __syncthreads() a barrier) on reduced sizes, each reference called with the argument types
# the harness passes (float64 outputs, 64-bit integer outputs in their own type), compared
# at the folder's tolerance. Two textual changes to the emulated copies: tf_bias_grad_nhwc_rgb's
# dynamic shared array (`extern __shared__`) becomes a static one, which emu.h's `__shared__` (a
# static) needs; and pn2_furthest_point_sampling gets a barrier after `old = dists_i[0];`. The
# original has no barrier between that read and the next step's write of dists_i[0] by thread 0
# (a race on paper, benign on a GPU, where every warp leaves the barrier together and reads
# dists_i[0] first while thread 0's write comes a whole point loop later); emu.h runs each
# thread until it blocks, so thread 0 would overwrite the word before the others read it. No GPU.
# Usage: scripts/host_emu/run_fresh11.sh; one line per check, exit 1 if any check fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/f11"
for d in "$ROOT"/tests/corpus_fresh11/*/; do
  n=$(basename "$d")
  cp "$d/kernel.cu" "$W/f11/${n}_kernel.cu"
  cp "$d/reference.cu" "$W/f11/${n}_reference.cu"
done
sed -i 's/extern __shared__ char s_buf\[\];/__shared__ char s_buf[64];/' \
  "$W/f11/tf_bias_grad_nhwc_rgb_kernel.cu"
sed -i 's/    old = dists_i\[0\];/    old = dists_i[0];\n    __syncthreads();/' \
  "$W/f11/pn2_furthest_point_sampling_kernel.cu"
grep -A1 'old = dists_i\[0\];' "$W/f11/pn2_furthest_point_sampling_kernel.cu" | grep -q __syncthreads
g++ -w -O2 -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f11_check" \
  "$ROOT/scripts/host_emu/f11_check.cpp"
"$W/f11_check"
