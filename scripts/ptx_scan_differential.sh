#!/usr/bin/env bash
# The PTX scan against ptxas's own reading (red team round 3, issue 28): a guarded BF16 mma.sync
# is respelled with a blank, tab, CR, LF, form feed, vertical tab, CRLF or a comment at every
# token boundary of its guard and opcode; every spelling ptxas assembles must be read by
# scan_ptx_precision as one BF16 MMA. Prints each spelling the scan misses, with whether ptxas
# made the same cubin as the plain spelling, and exits 1 if any is missed.
# Needs: nvcc and ptxas (CUDA toolkit), python3, g++, and a build tree with the generators library
# (default build/). Usage: scripts/ptx_scan_differential.sh [BUILD_DIR]
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/scan.cpp" <<'CPP'
#include <fstream>
#include <iostream>
#include <sstream>

#include "generators/ptx_precision.h"
int main(int, char** argv) {
  std::ifstream f(argv[1]);
  std::stringstream ss;
  ss << f.rdbuf();
  std::cout << solver::generators::scan_ptx_precision(ss.str()).mma_bf16 << "\n";
}
CPP
g++ -std=c++20 -O1 -I"$root" "$work/scan.cpp" "$build/generators/libsolver_generators.a" -o "$work/scan"
cat >"$work/k.cu" <<'CU'
extern "C" __global__ void k(const unsigned* a, const unsigned* b, float* c) {
  unsigned a0 = a[threadIdx.x], a1 = a[threadIdx.x + 32], a2 = a[threadIdx.x + 64],
           a3 = a[threadIdx.x + 96], b0 = b[threadIdx.x], b1 = b[threadIdx.x + 32];
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.u32 p, %8, 12345;\n@p mma.sync.aligned.m16n8k16.row.col.f32.bf16."
      "bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n}\n"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  c[threadIdx.x] = d0 + d1 + d2 + d3;
}
CU
nvcc -arch=sm_90 -ptx "$work/k.cu" -o "$work/k.ptx"
ptxas -arch=sm_90 "$work/k.ptx" -o "$work/k.cubin"
cd "$work"
python3 - <<'PY'
import subprocess, sys
base = open('k.ptx').read()
stmt = '@p mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32'
assert stmt in base
ref = open('k.cubin', 'rb').read()
seps = [' ', '\t', '\n', '\r', '\f', '\v', '/**/', '//x\n', '\r\n', ' \f ', '/*a\nb*/']
toks = stmt.split('.')
cands = []
for sep in seps:
    cands.append(stmt.replace('@p', '@' + sep + 'p', 1))
    cands.append(stmt.replace('@p ', '@p' + sep, 1))
    cands.append(stmt.replace('@p', '@!' + sep + 'p', 1))
    for i in range(1, len(toks)):
        cands.append('.'.join(toks[:i]) + sep + '.' + '.'.join(toks[i:]))
missed = accepted = 0
for c in cands:
    src = base.replace(stmt, c, 1)
    if '@!' in c:
        src = src.replace('setp.ne.u32', 'setp.eq.u32', 1)  # the same predicate, negated twice
    open('v.ptx', 'w').write(src)
    if subprocess.run(['ptxas', '-arch=sm_90', 'v.ptx', '-o', 'v.cubin'],
                      capture_output=True).returncode != 0:
        continue
    accepted += 1
    n = subprocess.run(['./scan', 'v.ptx'], capture_output=True, text=True).stdout.strip()
    if n != '1':
        missed += 1
        same = open('v.cubin', 'rb').read() == ref
        print('missed (same cubin as the plain spelling: %s): %r' % (same, c))
print('ptx_scan_differential: %d spellings ptxas accepts, %d missed by the scan' % (accepted, missed))
sys.exit(1 if missed else 0)
PY
