#!/usr/bin/env bash
# Probe of branch h33d (issue 33): scripts/gpu/parity.sh with bench/parity.py's per-problem
# PyTorch ops, on the kept kernels of call3 (docs/results/h200-2026-12-02d/call3) named directly
# (no ablation). Two runs, each on an empty inductor cache of its own (cold compiles):
#  run 1, compiles one after another in the timed process:
#   matmul_bf16   now F.linear(A, B) = A.B^T on solver's tensors (call3 ran torch.mm(A, B)):
#                 the check must agree, and PyTorch's time is that of the right op (TN)
#   (matmul_tri now runs on the same triangular tensors: the tri run below checks it)
#   bias_gelu, layernorm_768   torch.compile cold: what one compile costs (compile_s)
#   attention_bf16  eager SDPA and SDPA with the FlashAttention backend forced (eager_flash)
#   conv2d        eager cuDNN with cudnn.benchmark on too (eager_cudnn_benchmark)
#   attention     (flash_tf32) SDPA's math backend with TF32 too (eager_math_tf32)
#  tri: issue 33's matmul_tri candidate, wgmma_tri_tma (scripts/gpu/probe_h33d/), gated live in
#   a copy of the problem (make_tri.sh) and timed against PyTorch's TF32 triu(mm)
#  run 2 (if 35 s are left): bias_gelu, layernorm_768, matmul_bf16, softmax with
#   PARITY_COMPILE_PROCS=4: the caches warmed in parallel processes first; its compile_s
#   against run 1's says whether the warm-up pays.
# At most $1 seconds (default 90; 120 asked for). Output: $OUT/probe_h33d/{run1,run2}/.
set -u
limit=${1:-90}
t0=$(date +%s)
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
out=${OUT:-/tmp/solver-probe}/probe_h33d
mkdir -p "$out/run1" "$out/run2"
export SOLVER_BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$SOLVER_BUNDLE/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
fix=no
grep -q 'F.linear(b\["A"\], b\["B"\])' bench/parity.py && fix=yes
echo "bench/parity.py has the matmul_bf16 fix: $fix" | tee "$out/note.txt"
V='matmul_bf16=wgmma_tma[BN=256,CTAS=1,STAGES=4],matmul_tri=wmma_tf32,bias_gelu=vec4,layernorm_768=warp_rows[THREADS=256,WPR=4],attention_bf16=fa3w[BN=64,STAGES=2,WGS=1],softmax=online_vec4[BLOCK=256],conv2d=mma_tf32[BM=128,STAGES=3],attention=flash_tf32[STAGES=2,WARPS=4]'
left() { echo $((limit - ($(date +%s) - t0))); }
summary() {
  python3 - "$1/parity.json" <<'EOF' 2>/dev/null || echo "(no parity.json)"
import json, sys
d = json.load(open(sys.argv[1]))
for p, e in d["problems"].items():
    c, s = e.get("compile", {}), e.get("solver", {})
    print(f"{p}: solver {s.get('median_us', 0):.1f} eager {e.get('eager', {}).get('median_us', 0):.1f}"
          f" compile {c.get('median_us', c.get('skipped', '-'))} compile_s {c.get('compile_s')}"
          f" more {[(k, x.get('median_us', x.get('skipped'))) for k, x in e.items() if k.startswith('eager_')]} check {e.get('check', {}).get('agree')}"
          f" err {e.get('check', {}).get('max_abs_err')} {e.get('status')} {e.get('reason', '')}")
w = d.get("compile_warm")
print("pass1_s", d.get("pass1_s"), "compile_s", d.get("compile_s"), "wall_s", d.get("wall_s"),
      "warm", w and (w["procs"], w["wall_s"]))
EOF
}
run() {  # run DIR LIMIT PROBLEMS [env...]
  local dir=$1 lim=$2 probs=$3
  shift 3
  env OUT="$dir" PARITY_RUN=none PARITY_PROBLEMS_DIR=$PWD/problems PARITY_SAMPLES=20 \
    PARITY_PROBLEMS="$probs" PARITY_VARIANTS="$V" PARITY_LIMIT_S=$((lim - 3)) \
    PARITY_COMPILE_EST_S=8 PARITY_CALL="probe_h33d $(date -u +%FT%TZ)" TORCHINDUCTOR_CACHE_DIR="$(mktemp -d /tmp/inductor-h33d.XXXX)" \
    "$@" timeout "$lim" bash scripts/gpu/parity.sh >"$dir/probe.log" 2>&1
  echo "exit $?"
}
l1=$(( $(left) * 60 / 100 ))
echo "run 1 (${l1} s): $(run "$out/run1" "$l1" matmul_bf16,bias_gelu,layernorm_768,attention_bf16,conv2d,attention)"
summary "$out/run1"
# The matmul_tri candidate (scripts/gpu/probe_h33d/wgmma_tri_tma.cu) in a copy of the problem
# with the seed and the candidate only: the live gate at its 4 points (their gated times are in
# the detail), then its time next to PyTorch's TF32 triu(mm) on the same tensors, no compile.
tri=$(mktemp -d /tmp/tri-h33d.XXXX)
if [ "$(left)" -ge 45 ] && bash scripts/gpu/probe_h33d/make_tri.sh "$PWD" "$tri" min >"$out/tri_make.log" 2>&1; then
  lc=$(( $(left) - 22 )); [ "$lc" -gt 40 ] && lc=40
  timeout "$lc" "$SOLVER_BUNDLE/bin/solver" --data-dir "$SOLVER_BUNDLE/share/solver" problems check matmul_tri \
    --problems-dir "$tri" --json >"$out/tri_check.json" 2>"$out/tri_check.err"
  echo "tri check: exit $?"
  python3 -c 'import json,sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print(" ", r["variant"], r["gate"], r["detail"][:110])' "$out/tri_check.json" 2>&1 | head -8
  mkdir -p "$out/tri"
  lt=$(( $(left) - 3 )); [ "$lt" -gt 30 ] && lt=30
  run "$out/tri" "$lt" matmul_tri PARITY_PROBLEMS_DIR="$tri" PARITY_NO_COMPILE=1 \
    PARITY_VARIANTS='matmul_tri=wgmma_tri_tma[BM=256,STAGES=4]' >/dev/null
  summary "$out/tri"
else
  echo "tri: skipped ($(left) s left or make_tri failed)"
fi
l2=$(( $(left) - 4 ))
if [ "$l2" -ge 35 ]; then
  echo "run 2 (${l2} s): $(run "$out/run2" "$l2" bias_gelu,layernorm_768,matmul_bf16,softmax PARITY_COMPILE_PROCS=4)"
  summary "$out/run2"
else
  echo "run 2: skipped, ${l2} s left"
fi
bf=$(python3 -c "import json;e=json.load(open('$out/run1/parity.json'))['problems']['matmul_bf16'];print(e.get('check',{}).get('agree'), round(e.get('ratio',0),2))" 2>/dev/null)
echo "probe_h33d: fix $fix; matmul_bf16 check/ratio: ${bf:-none}; $(grep -E '^parity:' "$out/run1/probe.log" | tail -1)"
