#!/usr/bin/env bash
# Host emulation of tests/corpus_fresh19 (helper f19, issue 29): the folders' kernel.cu and
# reference.cu compiled as C++ after emu.h (each block's threads as ucontext coroutines,
# __syncthreads() a barrier) on reduced sizes with the kernels' own launch shapes, each reference
# called with the argument types the harness passes (float64 outputs), compared at the folder's
# tolerance; the two HGEMM folders (inline PTX) are skipped. The emulated copies are the folders'
# own text, unedited; -mfma -ffp-contract=fast so the radius kernel's a * a + b fuses as NVRTC's
# does. No GPU.
# Usage: scripts/host_emu/run_fresh19.sh; one line per check, exit 1 if any check fails (~10 s for
# the three plain kernels, ~7 minutes more for the two HGEMMs' emulated PTX).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CUDA_INC=${CUDA_HOME:-/usr/local/cuda}/include
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/f19"
for d in "$ROOT"/tests/corpus_fresh19/*/; do
  n=$(basename "$d")
  case $n in hgemm_*) continue ;; esac
  cp "$d/kernel.cu" "$W/f19/${n}_kernel.cu"
  cp "$d/reference.cu" "$W/f19/${n}_reference.cu"
done
g++ -w -O2 -mfma -ffp-contract=fast -fno-strict-aliasing -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f19_check" \
  "$ROOT/scripts/host_emu/f19_check.cpp"
"$W/f19_check"
# The two HGEMMs: the kernel text with its PTX wrappers (from the ldmatrix wrapper up to the
# shared-row typedef) replaced by hgemm_ops.h's host stand-ins, everything else unedited.
for n in hgemm_mma_async_stage3 hgemm_mma_async_stage4_tail; do
  python3 - "$ROOT/tests/corpus_fresh19/$n/kernel.cu" "$W/f19/${n}_kernel.cu" <<'PY'
import sys
s = open(sys.argv[1]).read()
a = s.index('__device__ __forceinline__ void ldmatrix_x4')
b = s.index('typedef half SmemRow')
open(sys.argv[2], 'w').write(s[:a] + '#include "hgemm_ops.h"\n' + s[b:])
PY
  cp "$ROOT/tests/corpus_fresh19/$n/reference.cu" "$W/f19/${n}_reference.cu"
done
g++ -w -O2 -fno-strict-aliasing -std=c++17 -I"$ROOT/scripts/host_emu" -I"$W" -I"$CUDA_INC" -o "$W/f19_hgemm_check" \
  "$ROOT/scripts/host_emu/f19_hgemm_check.cpp"
"$W/f19_hgemm_check"
