#!/usr/bin/env bash
# h29x's live probe (issue 29): the four rule changes of h29x (docs/rules.md, "A rule claims
# only the time its own mechanism holds") on a fresh live measurement: `solver eval` of the
# seventh fresh batch (dev data since h29s) and of the labelled suite on the H200, each one
# process. Predicted from the recorded signals: fresh7 12/14 (bude_fasten
# unexplained, blw_pagerank_edgelist atomic_contention or a gate fault), cs_histogram256 low_ilp,
# trtllm_quantize_int8 dram_near_roof, pmpp-style shared atomics never atomic_contention;
# labelled 30/30 (smem_histogram atomic_contention, not bank_conflicts).
# Usage: probe_h29x.sh [SECONDS, default 240]. Everything under $OUT/probe_h29x/; the verdict
# line last: "probe_h29x: fresh7 A/14, labelled B/30" (correct/total).
set -u
LIM=${1:-240}
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_h29x"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
left() { echo $((LIM - ($(date +%s) - T0))); }
total() { grep -E '^overall' "$1" | head -1 | sed -E 's/.*: ([0-9]+\/[0-9]+) correct.*/\1/'; }
# 1. fresh7 live (about half the budget): the eval table.
t=$(( $(left) / 2 )); [ "$t" -lt 30 ] && t=30
timeout "$t" "$B/bin/solver" --data-dir "$B/share/solver" eval --suite tests/corpus_fresh7 \
  >"$D/fresh7.txt" 2>"$D/fresh7.log"
echo "fresh7 eval: exit $? in $(($(date +%s) - T0)) s"
grep -E "^(bude|cs_hist|trtllm|blw_|overall)" "$D/fresh7.txt"
# 2. The labelled suite live with what is left.
t=$(( $(left) - 5 )); [ "$t" -lt 30 ] && t=30
timeout "$t" "$B/bin/solver" --data-dir "$B/share/solver" eval --suite tests/labelled \
  >"$D/labelled.txt" 2>"$D/labelled.log"
echo "labelled eval: exit $? in $(($(date +%s) - T0)) s"
grep -E "^(smem_histogram|atomic_histogram|overall)" "$D/labelled.txt"
echo "probe_h29x: fresh7 $(total "$D/fresh7.txt"), labelled $(total "$D/labelled.txt"), $(($(date +%s) - T0)) s"
