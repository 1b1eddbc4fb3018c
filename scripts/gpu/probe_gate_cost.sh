#!/usr/bin/env bash
# The gate's cost on large problems (found 2026-12-06 on an H100, docs/results/h100-2026-12-06):
# corpus_fresh11's mmcv_sigmoid_focal_loss (29 M elements) and corpus_fresh12's ginkgo_cg_step2
# each held the live eval's gate past two minutes, where corpus_fresh10's whole live eval took
# 17.5 s before the light-share (P6h/P6k) and per-input (P6i) lint echoes landed. This times the
# gate of each alone (`solver problems check`: compile, float64 reference, every input set and
# the tolerance lint), one process per problem, its progress lines kept, and the same for a small
# control (darknet_reorg) so a fixed cost is told apart from one that grows with the elements.
# Usage: probe_gate_cost.sh [SECONDS per problem, default 240]. Everything under
# $OUT/probe_gate_cost/; one line per problem: "gate_cost: PROBLEM exit RC in S s".
# Predicted (unmeasured): the two large gates 60-200 s each, most of it in the lint's host-side
# echo shares (64 class echoes of 29 M float64 outputs); darknet_reorg under 10 s.
set -u
LIM=${1:-240}
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_gate_cost"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x "$B/bin/solver" ]; then
  echo "gate_cost: nothing run (no $B/bin/solver)"
  exit 1
fi
# GATE_COST_PROBLEMS overrides the list (folders under tests/, space-separated).
for p in ${GATE_COST_PROBLEMS:-corpus_fresh11/darknet_reorg corpus_fresh11/mmcv_sigmoid_focal_loss corpus_fresh12/ginkgo_cg_step2}; do
  name=${p#*/}
  # The per-problem JSON and logs go back in one archive (a device call returns a bounded count
  # of files).
  dir="$D/problems_$name"
  rm -rf "$dir" && mkdir -p "$dir" && cp -r "tests/$p" "$dir/"
  t0=$(date +%s.%N)
  timeout "$LIM" "$B/bin/solver" --data-dir "$B/share/solver" problems check \
    --problems-dir "$dir" --chip h200 --json >"$D/$name.json" 2>"$D/$name.log"
  rc=$?
  echo "gate_cost: $name exit $rc in $(python3 -c "import time,sys; print(round(time.time()-float(sys.argv[1]),1))" "$t0") s"
  tail -n 4 "$D/$name.log" | cut -c1-200
  # The gate's phases (problems check --json: gate_phases_ms, nested "phase/scope", ms), largest
  # first: where the time went.
  python3 - "$D/$name.json" <<'PY' || true
import json, sys
try:
    rows = json.load(open(sys.argv[1])).get("rows", [])
except Exception as e:
    print("gate_cost:   no JSON (%s)" % e); sys.exit(0)
for r in rows:
    ph = r.get("gate_phases_ms") or {}
    top = [kv for kv in sorted(ph.items(), key=lambda kv: -kv[1]) if kv[1] >= 100]
    print("gate_cost:   %s %s gate %s: %s" % (r.get("problem"), r.get("variant"), r.get("gate"),
          ", ".join("%s %.0f ms" % kv for kv in top)))
PY
done
tar -C "$D" -czf "$OUT/probe_gate_cost.tgz" --exclude="problems_*" . 2>/dev/null || true
