#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh9 (helper h29c, issue 29): every folder's kernel.cu and
# reference.cu compiled unchanged as C++ after emu.h (each block's threads as ucontext coroutines,
# __syncthreads() a barrier), on reduced sizes with the batch's index arithmetic, compared with
# the folder's tolerance. The only edit: `extern __shared__ T x[];` (dynamic shared memory, which
# C++ cannot spell as a static) becomes a fixed static array. No GPU.
# Usage: scripts/host_emu/run_fresh9.sh; one line per check, exit 1 if any check fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/f9"
for d in "$ROOT"/tests/corpus_fresh9/*/; do
  n=$(basename "$d")
  sed -E 's/extern __shared__ ([a-z]+) ([a-z]+)\[\];/__shared__ \1 \2[16384];/' "$d/kernel.cu" >"$W/f9/${n}_kernel.cu"
  cp "$d/reference.cu" "$W/f9/${n}_reference.cu"
done
g++ -w -O1 -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f9_check" \
  "$ROOT/scripts/host_emu/f9_check.cpp"
"$W/f9_check"
