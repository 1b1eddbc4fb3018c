#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh17 (helper f17, issue 29): the folders' kernel.cu and
# reference.cu compiled as C++ after emu.h (each block's threads as ucontext coroutines,
# __syncthreads() a barrier, warp shuffles a barrier over the warp) on reduced sizes with the
# kernels' own launch shapes, each reference called with the argument types the harness passes
# (float64 outputs), compared at the folder's tolerance. The emulated copies are the folders' own
# text with one edit: the innermost scan's dynamic shared buffer (`extern __shared__`) becomes a
# static one of the size its largest launch here gives (emu.h's `__shared__` is `static`). No GPU.
# Usage: scripts/host_emu/run_fresh17.sh; one line per check, exit 1 if any check fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/f17"
for d in "$ROOT"/tests/corpus_fresh17/*/; do
  n=$(basename "$d")
  cp "$d/kernel.cu" "$W/f17/${n}_kernel.cu"
  cp "$d/reference.cu" "$W/f17/${n}_reference.cu"
done
sed -i 's|extern __shared__ char sbuf\[\];|alignas(16) static char sbuf[4096];|' "$W/f17/pt_cumsum_innermost_kernel.cu"
if grep -q 'extern __shared__' "$W/f17/"*.cu; then echo "run_fresh17: a dynamic shared array was not rewritten"; exit 1; fi
g++ -w -O2 -fno-strict-aliasing -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f17_check" \
  "$ROOT/scripts/host_emu/f17_check.cpp"
"$W/f17_check"
