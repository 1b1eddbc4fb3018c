#!/usr/bin/env bash
# Probe of branch h33a (issue 33, "One run, both sides"): scripts/gpu/parity.sh on three
# problems with their kept kernels named (no ablation): matmul's TF32 wgmma+TMA kernel (a cubin
# with tensor maps launched through the driver API from Python), layernorm's vec4 and
# attention's fused flash kernel (a kernel from the shared library kernels/attention/), each
# next to PyTorch eager and torch.compile at the kernel's precision class in ONE process, same
# tensors, outputs compared. At most $1 seconds (default 90). Output: $OUT/probe_h33a/.
set -u
limit=${1:-90}
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
out=${OUT:-/tmp/solver-probe}/probe_h33a
mkdir -p "$out"
export SOLVER_BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$SOLVER_BUNDLE/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
# A bundle built before this branch has no `problems export`: then the kernels exported here
# (NVRTC needs no GPU; scripts/gpu/probe_h33a_exports, made by `solver problems export` of this
# branch) are loaded instead, and the problem sizes come from this checkout.
exported=""
if ! "$SOLVER_BUNDLE/bin/solver" problems export --help >/dev/null 2>&1; then
  exported=$PWD/scripts/gpu/probe_h33a_exports
  echo "bundle has no 'problems export': using $exported" | tee "$out/note.txt"
fi
OUT=$out PARITY_RUN=none PARITY_EXPORTED=$exported PARITY_PROBLEMS_DIR=$PWD/problems PARITY_PROBLEMS=matmul,layernorm,attention PARITY_SAMPLES=20 \
  PARITY_VARIANTS='matmul=wgmma_tf32_tma[BM=256,STAGES=4],layernorm=vec4[BLOCK=256],attention=flash[BR=128]' \
  PARITY_BUDGET_S=$((limit - 25)) PARITY_CALL="probe_h33a $(date -u +%FT%TZ)" \
  timeout "$((limit - 3))" bash scripts/gpu/parity.sh >"$out/probe.log" 2>&1
rc=$?
tail -n 6 "$out/probe.log"
echo "probe_h33a: exit $rc; $(grep -E '^parity:' "$out/probe.log" | tail -1)"
