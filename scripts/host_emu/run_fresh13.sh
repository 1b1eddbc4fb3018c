#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh13 (helper f13, issue 29): the folders' kernel.cu and
# reference.cu compiled as C++ after emu.h (each block's threads as ucontext coroutines,
# __syncthreads() a barrier) on reduced sizes with the kernels' own launch shapes, each
# reference called with the argument types the harness passes (float64 outputs, int64 where the
# output is int64, u32 words as the byte planes), compared at the folder's tolerance. The
# emulated copies are the folders' own text but for three lines a host compiler cannot take,
# rewritten here: the stereo matcher's inline PTX vabsdiff4 (as the same sum in C) and the two
# `extern __shared__` arrays (as static arrays of the size the launches give). Compiled without
# strict aliasing: vLLM's merge writes floats into a uint4 through a float pointer, which nvcc
# keeps and g++ -O2 would drop. No GPU.
# Usage: scripts/host_emu/run_fresh13.sh; one line per check, exit 1 if any check fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/f13"
for d in "$ROOT"/tests/corpus_fresh13/*/; do
  n=$(basename "$d")
  cp "$d/kernel.cu" "$W/f13/${n}_kernel.cu"
  cp "$d/reference.cu" "$W/f13/${n}_reference.cu"
done
sed -i 's|  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(result) : "r"(A), "r"(B), "r"(C));|  result = host_vabsdiff4_add(A, B, C);|' \
  "$W/f13/cusamples_stereo_disparity_kernel.cu"
sed -i 's|extern __shared__ unsigned int sharedHash\[\];|static unsigned int sharedHash[1025];|' \
  "$W/f13/cusamples_particles_reorder_kernel.cu"
sed -i 's|extern __shared__ double row\[\];|static double row[256];|' \
  "$W/f13/bnb_histogram_scatter_add_reference.cu"
for f in cusamples_stereo_disparity_kernel cusamples_particles_reorder_kernel bnb_histogram_scatter_add_reference; do
  grep -q 'asm(\|extern __shared__' "$W/f13/$f.cu" && { echo "run_fresh13: $f.cu not rewritten"; exit 1; }
done
g++ -w -O2 -fno-strict-aliasing -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f13_check" \
  "$ROOT/scripts/host_emu/f13_check.cpp"
"$W/f13_check"
