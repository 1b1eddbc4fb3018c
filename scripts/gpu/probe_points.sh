#!/usr/bin/env bash
# A generic probe of new pool points against PyTorch in one call (issue 33): the live gate of a
# copy of one problem holding its seed and the named variants only (probe_h33i/make_copy.py),
# then those points and PyTorch's op on the same tensors in ONE process
# (probe_h33i/time_points.py: bench/parity.py's export, driver-API launch, L2 flush, CUDA events).
# Usage: probe_points.sh PROBLEM HYPOTHESIS "SPEC SPEC ..." [EXTRA_KEYS] [SECONDS, default 120]
#   SPEC = VARIANT or VARIANT:K=V,K=V;K=V,... (make_copy.py's form); EXTRA_KEYS = ';'-separated
#   keys of points already in the pool, timed beside the new ones (the incumbent to beat).
# Output under $OUT/probe_points_PROBLEM/, verdict line last.
set -u
PROB=$1
HYP=$2
SPECS=$3
EXTRA=${4:-}
LIM=${5:-120}
T0=$(date +%s)
left() { echo $((LIM - ($(date +%s) - T0))); }
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/probe-out}/probe_points_$PROB
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S=$B/bin/solver
D=$B/share/solver
[ -x "$S" ] || { echo "VERDICT $PROB: no solver at $S"; exit 1; }
P=$(mktemp -d /tmp/pp-prob.XXXX)
# shellcheck disable=SC2086
keys=$(python3 scripts/gpu/probe_h33i/make_copy.py "$PWD/problems/$PROB" "$P/$PROB" "$HYP" $SPECS) || {
  echo "VERDICT $PROB: make_copy failed"
  exit 1
}
echo "points: $keys" | tee "$O/points.txt"
lg=$(($(left) * 45 / 100))
s=$(date +%s)
timeout "$lg" "$S" --data-dir "$D" problems check "$PROB" --problems-dir "$P" --jobs 0 --json \
  >"$O/check.json" 2>"$O/check.err"
echo "gate: exit $? in $(($(date +%s) - s)) s (limit $lg s)"
python3 - "$O/check.json" >"$O/gate.txt" 2>&1 <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    print("GATE", r.get("variant"), r.get("gate"), r.get("registers"), (r.get("detail") or "")[:200])
PY
cat "$O/gate.txt"
tail -n 3 "$O/check.err"
lt=$(($(left) - 5))
s=$(date +%s)
timeout "$lt" python3 scripts/gpu/probe_h33i/time_points.py --solver "$S" --data-dir "$D" \
  --problem "$PROB" --problems-dir "$PWD/problems" --keys "$keys${EXTRA:+;$EXTRA}" \
  --samples 30 --budget-s $((lt - 15)) --out "$O/times.json" >"$O/times.log" 2>&1
echo "timing: exit $? in $(($(date +%s) - s)) s (limit $lt s)"
grep -v '^\s*$' "$O/times.log" | tail -n 30
best=$(grep '^POINT .*check agree' "$O/times.log" | awk '{for (i = 1; i <= NF; i++) if ($i == "ratio") print $(i + 1), $2}' | sort -gr | head -n 1)
echo "VERDICT $PROB: best ${best:-none} (PyTorch / ours); $(awk '$1 == "GATE" && $3 == "passed"' "$O/gate.txt" | wc -l) of $(grep -c ^GATE "$O/gate.txt") gate rows passed; $(($(date +%s) - T0)) s"
