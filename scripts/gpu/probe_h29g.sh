#!/usr/bin/env bash
# h29g's live probe (issue 29): fresh10's misses worked offline from its one H100 ncu export
# (docs/eval.md, "The tenth batch's misses"): `solver eval` of the tenth fresh batch live (dev
# data since docs/results/h100-2026-12-05d), one process, with `--save-signals` so the verdicts
# can be re-scored offline, then the labelled suite with what is left.
# Predicted on an H100 from the export's signals: fresh10 11/12 -- caffe_maxpool_fwd
# dram_near_roof (streaming_latency_bound; memory_near_roof if the unprofiled time puts its
# useful bytes over 75% of the peak: the same class), cub_histo_smem_solid low_ilp (its new
# label), pbacc_lu_kernel2 low_ilp (the open miss, label unexplained); labelled 30/30. On an
# H200 (measured once, call5 of docs/results/h100-2026-12-05d, before this rule change: 9/12;
# its saved signals re-scored offline with this table: 10/12, maxpool still unexplained there).
# Usage: probe_h29g.sh [SECONDS, default 240]. Everything under $OUT/probe_h29g/; the verdict
# line last: "probe_h29g: fresh10 A/12, labelled B/30" (correct/total).
set -u
LIM=${1:-240}
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_h29g"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
left() { echo $((LIM - ($(date +%s) - T0))); }
total() { grep -E '^overall' "$1" | head -1 | sed -E 's/.*: ([0-9]+\/[0-9]+) correct.*/\1/'; }
# 1. fresh10 live: the eval table and its signals.
t=$(( $(left) * 2 / 3 )); [ "$t" -lt 30 ] && t=30
timeout "$t" "$B/bin/solver" --data-dir "$B/share/solver" eval --suite tests/corpus_fresh10 \
  --save-signals "$D/fresh10_signals" >"$D/fresh10.txt" 2>"$D/fresh10.log"
echo "fresh10 eval: exit $? in $(($(date +%s) - T0)) s"
grep -E "^(caffe_maxpool|cub_histo_smem|pbacc_lu|pbacc_conv2d|overall)" "$D/fresh10.txt"
# 2. The labelled suite live with what is left.
t=$(( $(left) - 5 )); [ "$t" -lt 30 ] && t=30
timeout "$t" "$B/bin/solver" --data-dir "$B/share/solver" eval --suite tests/labelled \
  >"$D/labelled.txt" 2>"$D/labelled.log"
echo "labelled eval: exit $? in $(($(date +%s) - T0)) s"
grep -E "^overall" "$D/labelled.txt"
echo "probe_h29g: fresh10 $(total "$D/fresh10.txt"), labelled $(total "$D/labelled.txt"), $(($(date +%s) - T0)) s"
