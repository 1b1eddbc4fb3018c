#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh27 (helper f27, issue 29): the folders' kernel.cu and
# reference.cu compiled as C++ after emu.h (each block's threads as ucontext coroutines,
# __syncthreads() a barrier) with the kernels' own block sizes on smaller instances and grids cut
# so each grid-stride or chunk loop runs several times (the backtrack at the problem's full
# instance), each reference called with the argument types the harness passes (float64 outputs,
# an int64 inout in its own type), compared at the folder's tolerance
# (scripts/host_emu/f27_check.cpp). The emulated copies are the folders' own text, unedited. No GPU.
# Usage: scripts/host_emu/run_fresh27.sh; one line per check, exit 1 if any check fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/f27"
for d in "$ROOT"/tests/corpus_fresh27/*/; do
  n=$(basename "$d")
  cp "$d/kernel.cu" "$W/f27/${n}_kernel.cu"
  cp "$d/reference.cu" "$W/f27/${n}_reference.cu"
  for h in "$d"/*.h; do [ -f "$h" ] && cp "$h" "$W/f27/"; done
done
g++ -w -O1 -mfma -ffp-contract=fast -fno-strict-aliasing -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f27_check" \
  "$ROOT/scripts/host_emu/f27_check.cpp"
"$W/f27_check"
