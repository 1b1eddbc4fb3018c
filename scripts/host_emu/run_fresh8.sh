#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh8 (helper fresh8, issue 29): each folder's kernel.cu and
# reference.cu compiled unchanged as C++ (g++, CUDA's host half/bf16 conversions and vector
# types) with every block emulated thread by thread (emu.h: ucontext coroutines, __syncthreads()
# and warp shuffles as barriers), on reduced sizes, compared with the folder's tolerance. No GPU.
# Usage: scripts/host_emu/run_fresh8.sh; one line per check, exit 1 if any check fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
# The emulator's __shared__ is `static`; SGLang's helper already says `static __shared__`.
sed 's/static __shared__/__shared__/' \
  "$ROOT/tests/corpus_fresh8/sgl_per_tensor_absmax_bf16/kernel.cu" >"$W/absmax_kernel_emu.cu"
fail=0
for t in "$ROOT"/scripts/host_emu/t_*.cpp; do
  n=$(basename "$t" .cpp)
  g++ -w -O1 -std=c++17 -I"$ROOT" -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/$n" "$t"
  "$W/$n" || fail=1
done
exit $fail
