#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh10 (helper h29n, issue 29): the folders' kernel.cu and
# reference.cu compiled unchanged as C++ after emu.h (each block's threads as ucontext
# coroutines, __syncthreads() a barrier), on reduced sizes where a kernel takes its sizes as
# arguments and on a subset of blocks where PolyBench hard-codes its row strides, compared with
# the folder's tolerance. No GPU.
# Usage: scripts/host_emu/run_fresh10.sh; one line per check, exit 1 if any check fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/f10"
for d in "$ROOT"/tests/corpus_fresh10/*/; do
  n=$(basename "$d")
  cp "$d/kernel.cu" "$W/f10/${n}_kernel.cu"
  cp "$d/reference.cu" "$W/f10/${n}_reference.cu"
done
g++ -w -O2 -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f10_check" \
  "$ROOT/scripts/host_emu/f10_check.cpp"
"$W/f10_check"
