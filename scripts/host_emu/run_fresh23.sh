#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh23 (helper f23, issue 29): the folders' kernel.cu and
# reference.cu compiled as C++ after emu.h (each block's threads as ucontext coroutines,
# __syncthreads() a barrier) on reduced sizes with the kernels' own launch shapes, each reference
# called with the argument types the harness passes (float64 outputs), compared at the folder's
# tolerance (scripts/host_emu/f23_check.cpp). The emulated copies are the folders' own text,
# unedited. No GPU.
# Usage: scripts/host_emu/run_fresh23.sh; one line per check, exit 1 if any check fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/f23"
for d in "$ROOT"/tests/corpus_fresh23/*/; do
  n=$(basename "$d")
  cp "$d/kernel.cu" "$W/f23/${n}_kernel.cu"
  cp "$d/reference.cu" "$W/f23/${n}_reference.cu"
done
g++ -w -O1 -fno-strict-aliasing -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f23_check" \
  "$ROOT/scripts/host_emu/f23_check.cpp"
"$W/f23_check"
