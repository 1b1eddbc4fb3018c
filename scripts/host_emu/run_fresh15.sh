#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh15 (helper f15, issue 29): the folders' kernel.cu and
# reference.cu compiled as C++ after emu.h (each block's threads as ucontext coroutines,
# __syncthreads() a barrier) on reduced sizes with the kernels' own launch shapes, each reference
# called with the argument types the harness passes (float64 outputs), compared at the folder's
# tolerance. The emulated copies are the folders' own text, unchanged. No GPU.
# Usage: scripts/host_emu/run_fresh15.sh; one line per check, exit 1 if any check fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/f15"
for d in "$ROOT"/tests/corpus_fresh15/*/; do
  n=$(basename "$d")
  cp "$d/kernel.cu" "$W/f15/${n}_kernel.cu"
  cp "$d/reference.cu" "$W/f15/${n}_reference.cu"
done
g++ -w -O2 -fno-strict-aliasing -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f15_check" \
  "$ROOT/scripts/host_emu/f15_check.cpp"
"$W/f15_check"
