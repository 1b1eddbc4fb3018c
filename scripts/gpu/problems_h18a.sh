#!/usr/bin/env bash
# Issue 18 (compute side) on the H200, from the repo root with the bundle under $SOLVER_BUNDLE
# (default .carry/dyn). Three calls, each under 5 minutes:
#   scripts/gpu/problems_h18a.sh                batched_gemm matmul_tri conv2d attention decoder_block
#   scripts/gpu/problems_h18a.sh matmul_1024    (144 knob points: compiles dominate)
#   scripts/gpu/problems_h18a.sh decoder_loop   (a live 2-round ablation of decoder_block)
# For each problem:
#   1. `solver problems check P --json`: every knob point compiles and passes the correctness
#      gate against the float64 reference (the gate column must read "passed" on every row);
#   2. `solver record --problems P --merge` into $OUT/problems_h18a/recording.json, so the lead
#      can merge the pools into tests/data/recordings/h200.json (one call's recording holds that
#      call's problems: merge each call's file).
# decoder_loop writes decoder_loop.txt: per round the incumbent's weight and dominant_launch and
# the candidate with its reason. From the seed the candidate must be flash[BR=128] with a reason
# ending "rewrites attn_..., the dominant kernel (launch 5, 6 or 7)", never rmsnorm_warp.
# Writes $OUT/problems_h18a/{steps.txt,check_P.json,check_P.log,record_P.log,recording.json}.
# Exit 0 iff every step of the call held.
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
# problem  check-limit  record-samples  record-limit (seconds; a call's sum stays under 290)
# decoder_block's float64 reference is one persistent-grid launch of the whole block (seconds
# per input set), so its gate is the slowest of the small pools.
all=("batched_gemm 30 10 20" "matmul_tri 25 10 15" "conv2d 20 10 10" "attention 30 10 20"
     "decoder_block 70 5 40" "matmul_1024 180 3 100")
want=("$@")
[[ ${#want[@]} -eq 0 ]] && want=(batched_gemm matmul_tri conv2d attention decoder_block)
plan=()
loop=0
for w in "${want[@]}"; do
  [[ $w == decoder_loop ]] && loop=1
  for row in "${all[@]}"; do [[ ${row%% *} == "$w" ]] && plan+=("$row"); done
done
say "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
for row in "${plan[@]+"${plan[@]}"}"; do
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
if [[ $loop -eq 1 ]]; then
  rm -rf "$out/decoder_ablate"
  timeout 170 "${s[@]}" ablate --backend live --problems decoder_block "${pd[@]}" --rounds 2 \
    --out "$out/decoder_ablate" --quiet >"$out/decoder_ablate.log" 2>&1
  rc=$?
  python3 - "$out/decoder_ablate/ledger.jsonl" >"$out/decoder_loop.txt" 2>&1 <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if "round" not in r: continue
    sig, c = r.get("signals") or {}, r.get("candidate") or {}
    print(r["track"], r["round"], r["incumbent"]["key"], "weight", sig.get("weight"),
          "dominant_launch", sig.get("dominant_launch"), "fired", (r.get("match") or {}).get("fired"),
          "->", c.get("key"), "|", c.get("reason"), "|", r["outcome"])
PY
  say "decoder_block loop (exit $rc):"; cat "$out/decoder_loop.txt" | tee -a "$out/steps.txt"
  [[ $rc -eq 0 ]] || status=1
fi
say "== done in $(( $(date +%s) - start )) s, exit $status"
exit $status
