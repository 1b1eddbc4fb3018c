#!/usr/bin/env bash
# Probe of branch h33d (issue 33): scripts/gpu/parity.sh with bench/parity.py's per-problem
# PyTorch ops, on the kept kernels of call3 (docs/results/h200-2026-12-02d/call3) named directly
# (no ablation):
#   matmul_bf16   now F.linear(A, B) = A.B^T on solver's tensors (call3 ran torch.mm(A, B)):
#                 the check must agree, and PyTorch's time is that of the right op (TN)
#   matmul_tri    now on the same (triangular) tensors, so it gets an output check too
#   bias_gelu, layernorm_768   torch.compile cold: what one compile costs (compile_s), the
#                 fused ops where compile beat eager on 2026-12-01
#   attention_bf16  eager SDPA and SDPA with the FlashAttention backend forced (eager_flash)
# At most $1 seconds (default 90). Output: $OUT/probe_h33d/ (parity.json, parity.log).
set -u
limit=${1:-90}
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
out=${OUT:-/tmp/solver-probe}/probe_h33d
mkdir -p "$out"
export SOLVER_BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$SOLVER_BUNDLE/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
fix=no
grep -q 'F.linear(b\["A"\], b\["B"\])' bench/parity.py && fix=yes
echo "bench/parity.py has the matmul_bf16 fix: $fix" | tee "$out/note.txt"
# The inductor cache in a folder of its own: the compile times are cold ones.
OUT=$out PARITY_RUN=none PARITY_PROBLEMS_DIR=$PWD/problems PARITY_SAMPLES=20 \
  PARITY_PROBLEMS=matmul_bf16,matmul_tri,bias_gelu,layernorm_768,attention_bf16 \
  PARITY_VARIANTS='matmul_bf16=wgmma_tma[BN=256,CTAS=1,STAGES=4],matmul_tri=wmma_tf32,bias_gelu=vec4,layernorm_768=warp_rows[THREADS=256,WPR=4],attention_bf16=fa3w[BN=64,STAGES=2,WGS=1]' \
  PARITY_LIMIT_S=$((limit - 8)) PARITY_CALL="probe_h33d $(date -u +%FT%TZ)" \
  TORCHINDUCTOR_CACHE_DIR=$(mktemp -d /tmp/inductor-h33d.XXXX) \
  timeout "$((limit - 3))" bash scripts/gpu/parity.sh >"$out/probe.log" 2>&1
rc=$?
grep -E '^(matmul_bf16|matmul_tri|bias_gelu|layernorm_768|attention_bf16):' "$out/probe.log" | tail -n 10
python3 - "$out/parity.json" <<'EOF' 2>/dev/null || true
import json, sys
d = json.load(open(sys.argv[1]))
for p, e in d["problems"].items():
    c = e.get("compile", {})
    print(p, "check", e.get("check", {}).get("agree"), e.get("check", {}).get("max_abs_err"),
          "eager_flash", e.get("eager_flash", {}).get("median_us"), "compile_s", c.get("compile_s"))
print("pass1_s", d.get("pass1_s"), "compile_s", d.get("compile_s"), "wall_s", d.get("wall_s"))
EOF
echo "probe_h33d: exit $rc, fix $fix; $(grep -E '^parity:' "$out/probe.log" | tail -1)"
