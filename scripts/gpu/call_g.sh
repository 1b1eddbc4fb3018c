#!/usr/bin/env bash
# Device call G (2026-12-01, third session): the recordings of the new pools (issue 19's matmul
# variants, issue 18's eleven problems), merged one problem at a time into a copy of the bundled
# recording ($OUT/h200.json), so a step cut by its time limit loses that problem only. `record`
# gates every point first (its log names any point that failed the gate). Order: matmul first
# (the offline tests need its new points), then the pools by expected cost. Per-problem logs in
# $OUT/record_logs.tgz, the summary lines in $OUT/steps.txt.
set -u
R=${OUT:-/tmp/call-g}; mkdir -p "$R"
B=${SOLVER_BUNDLE:-.carry/dyn}; D=$B/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
T0=$(date +%s); BUDGET=${BUDGET:-570}
W=/tmp/call-g-logs; mkdir -p $W
cp $D/recordings/h200.json $R/h200.json
PROBLEMS=${PROBLEMS:-"matmul bias_gelu groupnorm layernorm_768 triangle_contraction neighbor_aggregation batched_gemm matmul_tri conv2d attention decoder_block matmul_1024"}
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader)"
for p in $PROBLEMS; do
  left=$(( BUDGET - ($(date +%s) - T0) ))
  lim=${LIMIT:-110}; (( lim > left - 5 )) && lim=$(( left - 5 ))
  if (( lim < 15 )); then echo "record $p SKIPPED (budget)"; continue; fi
  s=$(date +%s)
  timeout $lim $B/bin/solver --data-dir $D record --problems $p --samples ${SAMPLES:-12} \
    --out $R/h200.json --merge > $W/record_$p.log 2>&1
  rc=$?
  echo "record $p exit $rc in $(( $(date +%s) - s )) s: $(grep -E 'wrote|failed the gate' $W/record_$p.log | tail -1 | cut -c1-200)"
done
echo "== total $(( $(date +%s) - T0 ))s"
} 2>&1 | tee $R/steps.txt
tar czf $R/record_logs.tgz -C $W .
