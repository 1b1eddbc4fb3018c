#!/usr/bin/env bash
# Issue 18 (compute side) on the H200, from the repo root with the bundle under $SOLVER_BUNDLE
# (default .carry/dyn): for each of batched_gemm, matmul_tri, conv2d, attention, matmul_1024
#   1. `solver problems check P --json`: every knob point compiles and passes the correctness
#      gate against the float64 reference (the gate column must read "passed" on every row);
#   2. `solver record --problems P --merge` into $OUT/problems_h18a/recording.json, so the lead
#      can merge the pools into tests/data/recordings/h200.json.
# matmul_1024 (144 knob points) goes last: a step cut short by its timeout keeps what the others
# finished. Writes $OUT/problems_h18a/{steps.txt,check_P.json,check_P.log,record_P.log,
# recording.json}. Exit 0 iff every check passed and every recording step exited 0. Under 5 min.
set -u
B=${SOLVER_BUNDLE:-.carry/dyn}
solver="$B/bin/solver"
data="$B/share/solver"
[[ -d "$data" ]] || data="$PWD"
out="${OUT:-/tmp/solver-out}/problems_h18a"
mkdir -p "$out"
rm -f "$out/recording.json"
export SOLVER_CACHE_DIR=/tmp/solver-cache LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
: >"$out/steps.txt"
say() { echo "$*" | tee -a "$out/steps.txt"; }
s=("$solver" --data-dir "$data")
pd=(--problems-dir "$PWD/problems")
status=0
start=$(date +%s)
# problem  check-limit  record-samples  record-limit (seconds; sums stay under 300)
plan=("batched_gemm 30 10 20" "matmul_tri 25 10 15" "conv2d 20 10 10" "attention 30 10 20"
      "matmul_1024 80 5 50")
say "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
for row in "${plan[@]}"; do
  read -r p climit samples rlimit <<<"$row"
  timeout "$climit" "${s[@]}" problems check "$p" "${pd[@]}" --json >"$out/check_$p.json" 2>"$out/check_$p.log"
  rc=$?
  summary=$(python3 - "$out/check_$p.json" <<'PY' 2>/dev/null
import json, sys
j = json.load(open(sys.argv[1]))
rows = j["rows"]
bad = [r for r in rows if r.get("failed")]
gates = {}
for r in rows: gates[str(r.get("gate"))] = gates.get(str(r.get("gate")), 0) + 1
print(f"{j.get('points')} points, {len(bad)} failed, gates {gates}")
for r in bad[:10]: print(f"   FAILED {r['variant']}: {r.get('gate')} {str(r.get('detail', ''))[:160]}")
PY
)
  if [[ $rc -eq 0 ]]; then say "check $p ok: $summary"
  else say "check $p FAIL (exit $rc): ${summary:-no JSON (timeout or crash, see check_$p.log)}"; status=1; fi
  timeout "$rlimit" "${s[@]}" record --problems "$p" "${pd[@]}" --samples "$samples" --merge \
    --out "$out/recording.json" >"$out/record_$p.log" 2>&1
  rc=$?
  if [[ $rc -eq 0 ]]; then say "record $p ok"; else say "record $p FAIL (exit $rc, record_$p.log)"; status=1; fi
done
say "== done in $(( $(date +%s) - start )) s, exit $status"
exit $status
