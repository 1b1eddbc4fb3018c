#!/usr/bin/env bash
# h29d's live probe (issue 29): the second fresh held-out batch (tests/corpus_fresh2) through the
# correctness gate on the H200 (`solver problems check`: compile, float64 reference, the gate's
# input sets), one problem at a time; nothing is classified or profiled (the predicted labels
# were committed before this ran; the batch is scored only in the final call, run.sh
# corpus_fresh2). Usage: probe_h29d.sh [SECONDS, default 90]. Everything under
# $OUT/probe_h29d/; the verdict line last.
set -u
LIM=${1:-90}
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_h29d"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
left() { echo $((LIM - ($(date +%s) - T0))); }
pass=0 fail=0 skipped=0
for dir in tests/corpus_fresh2/*/; do
  p=$(basename "$dir")
  [ -f "$dir/problem.yaml" ] || continue
  if [ "$(left)" -lt 8 ]; then echo "$p: skipped ($(left) s left)"; skipped=$((skipped + 1)); continue; fi
  s=$(date +%s)
  t=$(($(left) - 3)); [ "$t" -gt 30 ] && t=30
  timeout "$t" "$B/bin/solver" --data-dir "$B/share/solver" problems check "$p" \
    --problems-dir tests/corpus_fresh2 --chip h200 --json >"$D/check_$p.json" 2>"$D/check_$p.err"
  rc=$?
  if [ $rc -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  echo "$p: exit $rc in $(($(date +%s) - s)) s; $(tail -n 1 "$D/check_$p.err" | cut -c1-200)"
done
echo "probe_h29d: corpus_fresh2 gate: $pass passed, $fail failed, $skipped skipped in $(($(date +%s) - T0)) s"
