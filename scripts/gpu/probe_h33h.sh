#!/usr/bin/env bash
# Probe of branch h33h (issue 33: no kernel source copied between problem folders). The branch
# moved shared kernel code into kernels/ (gemm: the TMA TF32 wgmma GEMM, the BF16 wgmma helpers,
# regtile/regtile_db/wmma bodies with GEMM_TRI and GEMM_BM, the float64 GEMM reference; reduce:
# warp_sum, block sums; layernorm: the float64 reference) and re-keyed the recording's points
# offline because their cubins are byte-identical. This checks that live:
#  (1) the gate: `solver problems check P` (every knob point, the reference included) of each
#      touched problem, from this tree's problems/ and kernels/; every row must pass;
#  (2) the timing: `solver record` (unprofiled samples only) of the small touched pools into a
#      fresh recording, each point's median against the bundled recording's median for the same
#      key (tests/data/recordings/h200.json, re-keyed by this branch): the same code should time
#      within noise (ratio ~1.00; a point missing from the bundled recording is a key that did
#      not follow its code, printed MISSING).
# Usage: probe_h33h.sh [SECONDS, default 240]; output under $OUT/probe_h33h/, verdict line last.
# Predicted (unmeasured): gates 90-150 s (matmul_1024's 145 points and matmul_bf16's wgmma
# compiles lead), timing what is left.
set -u
LIM=${1:-240}
T0=$(date +%s)
left() { echo $((LIM - ($(date +%s) - T0))); }
cd "$(dirname "$0")/../.." || exit 1
O=${OUT:-/tmp/probe-out}/probe_h33h
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export SOLVER_KERNELS_DIR=$PWD/kernels
S=$B/bin/solver
D=$B/share/solver
if [ ! -x "$S" ]; then
  echo "VERDICT h33h: no solver at $S"
  exit 1
fi
nvidia-smi 2>/dev/null --query-gpu=name,driver_version,clocks.sm --format=csv,noheader | head -1 | tee "$O/gpu.txt"
# (1) Gates, the pools whose variant files changed first, then the reference-only ones.
GATED=${H33H_GATE:-"matmul_tri batched_gemm attention_bf16 layernorm groupnorm reduce softmax layernorm_768 matmul matmul_bf16 matmul_1024 sgemm_2048 layernorm_4096"}
: >"$O/gate.txt"
for p in $GATED; do
  l=$(($(left) - 70))
  [ "$l" -lt 15 ] && { echo "GATE $p not checked ($(left) s left)" | tee -a "$O/gate.txt"; continue; }
  s=$(date +%s)
  timeout "$((l < 90 ? l : 90))" "$S" --data-dir "$D" problems check "$p" --problems-dir "$PWD/problems" \
    --jobs 0 --json >"$O/check_$p.json" 2>"$O/check_$p.err"
  rc=$?
  python3 - "$O/check_$p.json" "$p" "$rc" "$(($(date +%s) - s))" >>"$O/gate.txt" 2>&1 <<'PY'
import json, sys
path, p, rc, secs = sys.argv[1:]
try:
    rows = json.load(open(path))["rows"]
except Exception as e:
    print(f"GATE {p} exit {rc} in {secs} s: no JSON ({e})")
    sys.exit()
bad = [r for r in rows if r.get("failed")]
print(f"GATE {p} exit {rc} in {secs} s: {len(rows) - len(bad)} of {len(rows)} rows passed")
for r in bad[:8]:
    print(f"  FAIL {r.get('variant')} {r.get('gate')} {(r.get('detail') or '')[:140]}")
PY
  tail -n 1 "$O/gate.txt"
done
# (2) Timing of the small pools against the bundled recording.
TIMED=${H33H_TIME:-"matmul_tri,batched_gemm,groupnorm,layernorm,reduce,softmax"}
lt=$(($(left) - 8))
if [ "$lt" -gt 20 ]; then
  s=$(date +%s)
  timeout "$lt" "$S" --data-dir "$D" record --problems "$TIMED" --problems-dir "$PWD/problems" \
    --out "$O/timing.json" --samples 10 --no-pc-sampling --profile-fastest 0 --profile-spread 0 \
    --time-limit $((lt - 15)) >"$O/record.log" 2>&1
  echo "timing: exit $? in $(($(date +%s) - s)) s (limit $lt s)"
  python3 - "$O/timing.json" tests/data/recordings/h200.json >"$O/timing.txt" 2>&1 <<'PY'
import json, statistics, sys
try:
    new = json.load(open(sys.argv[1]))["problems"]
except Exception as e:
    print(f"TIMING none: {e}")
    sys.exit()
old = json.load(open(sys.argv[2]))["problems"]
n = miss = far = 0
for p, pv in sorted(new.items()):
    for key, v in sorted(pv["variants"].items()):
        ns = v.get("samples_us") or []
        ov = old.get(p, {}).get("variants", {}).get(key)
        if not ns:
            continue
        n += 1
        if not ov or not ov.get("samples_us"):
            miss += 1
            print(f"TIME {p} {key}: {statistics.median(ns):.2f} us, MISSING in the bundled recording")
            continue
        same = ov.get("gate", {}).get("source_hash") == v.get("gate", {}).get("source_hash")
        a, b = statistics.median(ns), statistics.median(ov["samples_us"])
        miss += 0 if same else 1
        far += 1 if abs(a / b - 1) > 0.1 else 0
        print(f"TIME {p} {key}: live {a:.2f} us, recorded {b:.2f} us, ratio {a / b:.3f}"
              f"{'' if same else ', SOURCE HASH DIFFERS'}")
print(f"SUMMARY {n} {miss} {far}")
PY
  cat "$O/timing.txt"
fi
ng=$(grep -c '^GATE .* rows passed' "$O/gate.txt")
nfail=$(grep -c '^  FAIL' "$O/gate.txt")
read -r nt nmiss far < <(awk '$1 == "SUMMARY" {print $2, $3, $4}' "$O/timing.txt" 2>/dev/null)
nt=${nt:-0} nmiss=${nmiss:-0} far=${far:-0}
echo "VERDICT h33h: $ng problems gated, $nfail failing rows; $nt points timed, $nmiss keys missing, $far outside 0.9-1.1 of the recording; $(($(date +%s) - T0)) s"
