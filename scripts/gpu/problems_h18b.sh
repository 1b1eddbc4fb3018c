#!/usr/bin/env bash
# One device call for the memory-side problems of issue 18 (bias_gelu, groupnorm,
# layernorm_768, triangle_contraction, neighbor_aggregation), from the repo root on the H200
# with the bundle in $SOLVER_BUNDLE (default .carry/dyn). Problems are read from the checkout's
# problems/ (--problems-dir problems), so the bundle needs no rebuild for them. Logs and the
# recording go under $OUT. Whole script under 5 minutes: every step has a timeout, and a step
# that would not fit the remaining budget is skipped with a line saying so (rerun with
# H18B_PROBLEMS="..." for the rest; the recording is merged per problem, so nothing is lost).
# H18B_STEPS picks steps (default "check w128 record"): at ~1-3 s per point for the gate and
# more for a recording (gate, profile, timing), 65 points may need two calls, e.g.
#   call 1: H18B_STEPS="check w128"          call 2: H18B_STEPS=record
#   (then H18B_STEPS=record H18B_PROBLEMS="<those skipped>" with H18B_KEEP=1 to merge on).
#
# How to judge it ($OUT/problems_h18b.log):
#   1. `problems check`: every row's gate column "passed", "... points checked, 0 failed"
#      (the summary line per problem is also in check_summary.txt).
#   2. The width precondition is real: layernorm_768 copied at width 128 with two_warp's
#      constraint REMOVED must show two_warp[ROWS=...] failing the gate (double-counted
#      statistics: a max error far above 1e-4), while warp_rows and block_row pass; the same
#      copy WITH the constraint must list no two_warp row and print the warning
#      "variant 'two_warp' has no knob point its constraints admit".
#   3. `record` per problem: "wrote ... (N problems; 0 variant points failed the gate ...)" and
#      exit 0 each; $OUT/h18b.json is the recording to merge into tests/data/recordings/h200.json
#      (`solver record --merge` or by hand), which then lets `solver ablate --backend recorded`
#      run these pools offline.
set -u
OUT=${OUT:-/tmp/solver-h18b}; mkdir -p "$OUT"
B=${SOLVER_BUNDLE:-.carry/dyn}; D=$B/share/solver
S=$B/bin/solver
PROBLEMS=${H18B_PROBLEMS:-"bias_gelu groupnorm layernorm_768 triangle_contraction neighbor_aggregation"}
BUDGET=${H18B_BUDGET_S:-290}
SAMPLES=${H18B_SAMPLES:-15}
STEPS=${H18B_STEPS:-"check w128 record"}
want() { [[ " $STEPS " == *" $1 "* ]]; }
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache} LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
t0=$(date +%s)
left() { echo $(( BUDGET - ($(date +%s) - t0) )); }
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
# step LIMIT TITLE -- cmd...: runs cmd under min(LIMIT, budget left - 5) or skips it.
step() {
  local limit=$1 title=$2; shift 3
  local l=$(( $(left) - 5 )); (( l < limit )) && limit=$l
  echo; echo "== $title"
  if (( limit < 10 )); then echo "(skipped: ${l}s of the budget left)"; return 99; fi
  echo "\$ $* (limit ${limit}s)"
  local s=$(date +%s%N)
  timeout "$limit" "$@"; local rc=$?
  echo "(exit $rc, $(ms $s) ms)"; return $rc
}
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader 2>&1 | head -1)"
$S --version
if want check; then
# shellcheck disable=SC2086
step 150 "1. gate of every knob point (JSON in problems_check.json, stderr in problems_check.err)" -- \
  bash -c "$S --data-dir $D problems check $PROBLEMS --problems-dir problems --json >$OUT/problems_check.json 2>$OUT/problems_check.err"
python3 - "$OUT/problems_check.json" <<'PY' | tee "$OUT/check_summary.txt" || true
import json, sys
try:
    j = json.load(open(sys.argv[1]))
except Exception as e:
    sys.exit(f"no JSON from problems check: {e}")
rows = j["rows"]
by = {}
for r in rows:
    by.setdefault(r["problem"], []).append(r)
for p, rs in by.items():
    bad = [r for r in rs if r.get("failed")]
    print(f"{p}: {len(rs)} rows, {len(bad)} failed")
    for r in rs:
        print(f"  {r['variant']:<32} {r.get('gate', '')!s:<10} {r.get('detail', '')[:150]}")
print(f"total: {j.get('points')} points, {j.get('failures')} failures, warnings: {j.get('warnings')}")
PY
fi

if want w128; then
# 2. layernorm_768 at width 128: with the constraint (refused statically) and without it (the
# gate must catch the double count the constraint prevents).
W=$OUT/w128; rm -rf "$W"; mkdir -p "$W/with" "$W/without"
cp -r problems/layernorm_768 "$W/with/"; cp -r problems/layernorm_768 "$W/without/"
sed -i 's/^  N: 768$/  N: 128/' "$W/with/layernorm_768/problem.yaml" "$W/without/layernorm_768/problem.yaml"
sed -i 's|^    constraints: \["(N / 4 / 2) % 32 == 0", |    constraints: [|' "$W/without/layernorm_768/problem.yaml"
step 20 "2a. width 128, constraint kept (compile only: two_warp must be refused)" -- \
  $S --data-dir $D problems check layernorm_768 --problems-dir "$W/with" --compile-only
step 60 "2b. width 128, constraint removed (gate: two_warp must FAIL, the others pass)" -- \
  $S --data-dir $D problems check layernorm_768 --problems-dir "$W/without"
fi

# 3. One recording, merged problem by problem so a timeout loses one problem at most.
if want record; then
[[ -n "${H18B_KEEP:-}" ]] || rm -f "$OUT/h18b.json"
for p in $PROBLEMS; do
  m=""; [[ -f "$OUT/h18b.json" ]] && m=--merge
  step 100 "3. record $p" -- \
    $S --data-dir $D record --problems "$p" --problems-dir problems --samples "$SAMPLES" --out "$OUT/h18b.json" $m
done
fi
echo; echo "== total $(( $(date +%s) - t0 )) s"
} 2>&1 | tee "$OUT/problems_h18b.log"
