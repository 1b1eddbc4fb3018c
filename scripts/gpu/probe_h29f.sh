#!/usr/bin/env bash
# h29f's live probe (issue 29): fresh9's three misses fixed offline (docs/rules.md, "What a
# wait is waiting on") on a fresh live measurement: `solver eval` of the ninth fresh batch (dev
# data since docs/results/h100-2026-12-05c) and of the labelled suite, each one process, with
# `--save-signals` so the verdicts can be re-scored offline. Predicted on an H100 from the
# recorded H100 signals: fresh9 13/13 (cs_transpose_diagonal dram_near_roof,
# llmc_attention_fwd2_flash bank_conflicts or small_grid, shoc_md_lj_force
# dependent_load_latency, raja_poly_gemm_f64 cache_resident_reuse as before (accepted));
# labelled 30/30. On an H200 the batch was never measured: no per-kernel prediction.
# Usage: probe_h29f.sh [SECONDS, default 240]. Everything under $OUT/probe_h29f/; the verdict
# line last: "probe_h29f: fresh9 A/13, labelled B/30" (correct/total).
set -u
LIM=${1:-240}
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_h29f"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
left() { echo $((LIM - ($(date +%s) - T0))); }
total() { grep -E '^overall' "$1" | head -1 | sed -E 's/.*: ([0-9]+\/[0-9]+) correct.*/\1/'; }
# 1. fresh9 live (the live run of 05c took 56 s): the eval table and its signals.
t=$(( $(left) / 2 )); [ "$t" -lt 30 ] && t=30
timeout "$t" "$B/bin/solver" --data-dir "$B/share/solver" eval --suite tests/corpus_fresh9 \
  --save-signals "$D/fresh9_signals" >"$D/fresh9.txt" 2>"$D/fresh9.log"
echo "fresh9 eval: exit $? in $(($(date +%s) - T0)) s"
grep -E "^(cs_transpose|llmc_attention|shoc_md|raja_poly|raja_reduce3|overall)" "$D/fresh9.txt"
# 2. The labelled suite live with what is left.
t=$(( $(left) - 5 )); [ "$t" -lt 30 ] && t=30
timeout "$t" "$B/bin/solver" --data-dir "$B/share/solver" eval --suite tests/labelled \
  >"$D/labelled.txt" 2>"$D/labelled.log"
echo "labelled eval: exit $? in $(($(date +%s) - T0)) s"
grep -E "^(barrier_stencil|overall)" "$D/labelled.txt"
echo "probe_h29f: fresh9 $(total "$D/fresh9.txt"), labelled $(total "$D/labelled.txt"), $(($(date +%s) - T0)) s"
