#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh18 (helper f18, issue 29): the folders' kernel.cu and
# reference.cu compiled as C++ after emu.h (each block's threads as ucontext coroutines,
# __syncthreads() a barrier, warp shuffles a barrier over the warp) on reduced sizes with the
# kernels' own launch shapes (EP at its full per-thread work, on two of its 1024 blocks), each
# reference called with the argument types the harness passes (float64 outputs), compared at the
# folder's tolerance. The emulated copies are the folders' own text, unedited. No GPU.
# Usage: scripts/host_emu/run_fresh18.sh; one line per check, exit 1 if any check fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/f18"
for d in "$ROOT"/tests/corpus_fresh18/*/; do
  n=$(basename "$d")
  cp "$d/kernel.cu" "$W/f18/${n}_kernel.cu"
  cp "$d/reference.cu" "$W/f18/${n}_reference.cu"
done
g++ -w -O2 -fno-strict-aliasing -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f18_check" \
  "$ROOT/scripts/host_emu/f18_check.cpp"
"$W/f18_check"
