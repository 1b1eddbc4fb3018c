#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh26 (helper f26, issue 29): the folders' kernel.cu and
# reference.cu compiled as C++ after emu.h (each block's threads as ucontext coroutines,
# __syncthreads() a barrier) with the kernels' own launch shapes (the QuEST kernels at the
# problems' sizes on a few blocks each, the histogram on a smaller input, the CTC pass in full),
# each reference called with the argument types the harness passes (float64 outputs), compared
# at the folder's tolerance (scripts/host_emu/f26_check.cpp); needs ~3 GB of memory. The emulated copies are the folders' own text,
# unedited. No GPU.
# Usage: scripts/host_emu/run_fresh26.sh; one line per check, exit 1 if any check fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/f26"
for d in "$ROOT"/tests/corpus_fresh26/*/; do
  n=$(basename "$d")
  cp "$d/kernel.cu" "$W/f26/${n}_kernel.cu"
  cp "$d/reference.cu" "$W/f26/${n}_reference.cu"
  for h in "$d"/*.h; do [ -f "$h" ] && cp "$h" "$W/f26/"; done
done
g++ -w -O1 -mfma -ffp-contract=fast -fno-strict-aliasing -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f26_check" \
  "$ROOT/scripts/host_emu/f26_check.cpp"
"$W/f26_check"
