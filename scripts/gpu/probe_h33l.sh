#!/usr/bin/env bash
# Probe of branch h33l (issue 33): layernorm_768 and bias_gelu at the copy floor, against
# PyTorch eager and torch.compile on the same tensors.
#   bias_gelu rows[ERF,HINT,ROWS] (8 points): vec4's shape on a 2-D grid, bias in a register,
#     erff (ERF 0) or the branch-free rational erf (ERF 1), cache policy HINT, ROWS loads;
#   layernorm_768 cta_row[HINT,RPB,THREADS] (8 points): one row per block, RPB rows a block
#     with the next row's loads in flight, cache policy HINT.
# (1) The live gate: `solver problems check` on copies of the two problems holding the seed and
# the new variant only (probe_h33i/make_copy.py); its JSON row per point. (2) Timing in one
# process per problem (probe_h33i/time_points.py --compile: bench/parity.py's export, driver
# launch, L2 flushed before each sample, CUDA events, median of 30): every new point, the pool's
# best before (vec4; warp_rows[THREADS=128,WPR=4]), each output checked against PyTorch's, and
# PyTorch eager and torch.compile (default mode) of the same op on the same tensors, timed
# before the first point and after the last.
# The kernels come from this tree (SOLVER_KERNELS_DIR=kernels, problems/), not the bundle's.
# Usage: probe_h33l.sh [SECONDS, default 120]; output under $OUT/probe_h33l/, verdict lines last.
set -u
LIM=${1:-120}
T0=$(date +%s)
left() { echo $((LIM - ($(date +%s) - T0))); }
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/probe-out}/probe_h33l
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
export SOLVER_KERNELS_DIR=$PWD/kernels
S=$B/bin/solver
D=$B/share/solver
if [ ! -x "$S" ]; then
  echo "VERDICT h33l: no solver at $S"
  exit 1
fi
nvidia-smi 2>/dev/null --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader | head -1 | tee "$O/gpu.txt"
P=$(mktemp -d /tmp/h33l-prob.XXXX)
# Every point of the two variants (H33L_BG / H33L_LN: ';'-separated K=V,K=V points override).
BG=${H33L_BG:-"ERF=0,HINT=0,ROWS=1;ERF=1,HINT=0,ROWS=1;ERF=0,HINT=1,ROWS=1;ERF=1,HINT=1,ROWS=1;ERF=0,HINT=0,ROWS=2;ERF=1,HINT=0,ROWS=2;ERF=0,HINT=1,ROWS=2;ERF=1,HINT=1,ROWS=2"}
LN=${H33L_LN:-"HINT=0,RPB=1,THREADS=64;HINT=0,RPB=1,THREADS=128;HINT=0,RPB=1,THREADS=256;HINT=0,RPB=4,THREADS=128;HINT=0,RPB=4,THREADS=256;HINT=1,RPB=1,THREADS=128;HINT=1,RPB=4,THREADS=128;HINT=2,RPB=1,THREADS=128"}
MC=scripts/gpu/probe_h33i/make_copy.py
bg=$(python3 $MC "$PWD/problems/bias_gelu" "$P/bias_gelu" use_fast_math "rows:$BG") &&
  ln=$(python3 $MC "$PWD/problems/layernorm_768" "$P/layernorm_768" increase_ilp "cta_row:$LN") || {
  echo "VERDICT h33l: make_copy failed"
  exit 1
}
echo "bias_gelu points: $bg" | tee "$O/points.txt"
echo "layernorm_768 points: $ln" | tee -a "$O/points.txt"
# (1) The live gate of both copies (compiles on all cores), at most 30% of the time.
lg=$(($(left) * 30 / 100))
s=$(date +%s)
timeout "$lg" "$S" --data-dir "$D" problems check bias_gelu layernorm_768 --problems-dir "$P" \
  --jobs 0 --json >"$O/check.json" 2>"$O/check.err"
echo "gate: exit $? in $(($(date +%s) - s)) s (limit $lg s)"
python3 - "$O/check.json" >"$O/gate.txt" 2>&1 <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print("GATE", r.get("problem"), r.get("variant"), r.get("gate"), r.get("registers"),
          (r.get("detail") or "")[:160])
PY
cat "$O/gate.txt"
tail -n 3 "$O/check.err"
# (2) Timing against PyTorch eager and torch.compile, one process per problem; the time left is
# split evenly (each process imports torch and compiles one op).
time_problem() {  # NAME KEYS BUDGET
  local s=$(date +%s)
  timeout "$3" python3 scripts/gpu/probe_h33i/time_points.py --solver "$S" --data-dir "$D" \
    --problem "$1" --problems-dir "$PWD/problems" --keys "$2" --samples 30 --compile \
    --budget-s $(($3 - 10)) --out "$O/times_$1.json" >"$O/times_$1.log" 2>&1
  echo "timing $1: exit $? in $(($(date +%s) - s)) s (limit $3 s)"
  grep -v '^\s*$' "$O/times_$1.log" | tail -n 14
}
lt=$((($(left) - 4) / 2))
time_problem bias_gelu "$bg;vec4" "$lt"
lt=$(($(left) - 2))
time_problem layernorm_768 "$ln;warp_rows[THREADS=128,WPR=4]" "$lt"
# Verdict per problem: the fastest new point that agrees with PyTorch, the baseline, PyTorch.
for p in bias_gelu layernorm_768; do
  python3 - "$O/times_$p.json" "$p" <<'PY' || echo "VERDICT h33l $p: no timing"
import json, sys
d, p = json.load(open(sys.argv[1])), sys.argv[2]
ok = [r for r in d["points"] if r.get("status") == "ok" and (r.get("check") or {}).get("agree")]
base = [r for r in ok if r["key"] in ("vec4", "warp_rows[THREADS=128,WPR=4]")]
new = sorted((r for r in ok if r not in base), key=lambda r: r["median_us"])
ways = {}
for w in d.get("torch_us", []):
    for k, v in w.items():
        ways[k] = min(v, ways.get(k, v))
fmt = lambda r: f"{r['key']} {r['median_us']:.1f} us" if r else "none"
print(f"VERDICT h33l {p}: best new {fmt(new[0] if new else None)}; before "
      f"{fmt(base[0] if base else None)}; torch " + ", ".join(f"{k} {v:.1f} us" for k, v in ways.items())
      + (f"; best new / torch.compile {ways['compile'] / new[0]['median_us']:.3f}"
         if new and "compile" in ways else "")
      + f"; {len(ok)} of {len(d['points'])} points agree")
PY
done
echo "probe_h33l: $(($(date +%s) - T0)) s"
