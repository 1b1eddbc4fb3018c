#!/bin/bash
# The labelled suite on the H200 (issue 11, item 1), one device call of under 5 minutes:
#   1. live `solver eval --suite tests/labelled` (gate + CUPTI profile + classify per kernel),
#      keeping each kernel's signals so the verdicts can be re-scored offline;
#   2. an ncu export of every suite kernel with the metric list `solver signals ncu-metrics`
#      prints (when the bundle has that command; else the default CUPTI metric set), scored
#      with `solver eval --ncu-csv`;
#   3. a raw ncu capture of each label's `confirm:` metrics, checked against the label's
#      ranges by `solver eval --confirm-csv` (the evidence that each label is right).
# Run from the repo root with the static bundle under $SOLVER_BUNDLE (default .carry/lead).
# Everything lands in $OUT: eval_live.{json,txt}, signals/, ncu_export.csv, eval_ncu.{json,txt},
# confirm/<problem>.csv, confirm.{json,txt}, labelled.log.
# Each step stops starting kernels when the script's budget ($BUDGET_S, default 290 s) runs
# low and says "skipped"; STEPS="3" (or "2 3", ...) runs only those steps, for a second call.
set -u
STEPS=" ${STEPS:-1 2 3} "
step() { case "$STEPS" in *" $1 "*) return 0 ;; esac; echo "== step $1 not asked for (STEPS=$STEPS)"; return 1; }
OUT=${OUT:-/tmp/solver-labelled}; mkdir -p "$OUT/ncu" "$OUT/confirm"
BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
B=$BUNDLE/bin; D=$BUNDLE/share/solver
SUITE=tests/labelled
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache} LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
T0=$(date +%s)
left() { echo $(( ${BUDGET_S:-290} - ($(date +%s) - T0) )); }  # seconds left of the whole script
solver() { "$B/solver" --data-dir "$D" "$@"; }
# Problem names, seed variant and kernel names, from the suite's own files (no YAML tool here).
problems() { for d in "$SUITE"/*/; do [ -f "$d/label.yaml" ] && basename "$d"; done; }
seed_of() { awk '/^seed:/{print $2; exit}' "$SUITE/$1/problem.yaml"; }
entries_of() {  # distinct `entry:` names of the problem's variant(s), as an ncu regex alternation
  grep -o 'entry: [A-Za-z_0-9]*' "$SUITE/$1/problem.yaml" | awk '{print $2}' | grep -v '_ref$' | sort -u | paste -sd'|'
}
launches_of() { local n; n=$(grep -c 'entry: ' "$SUITE/$1/problem.yaml"); echo $(( n - 1 )); }  # minus the reference
confirm_of() {  # the label's confirm: metric names, comma-separated
  awk '/^confirm:/{c=1; next} c && /^[^ #]/{c=0} c && /^  [a-z]/{sub(/^  /,""); sub(/:.*/,""); print}' \
    "$SUITE/$1/label.yaml"
}
uniq_list() { tr ',' '\n' | awk 'NF && !seen[$0]++' | paste -sd,; }
# One worker session running one `time` request for the seed variant: the kernel launches ncu sees.
# ncu's report and the worker's JSON replies share stdout: the CSV lines are the ones that start
# with a quote; everything is kept in <csv>.raw for a reader.
run_under_ncu() {  # problem metrics csv count
  local p=$1 metrics=$2 csv=$3 count=$4 rc
  printf '{"id":1,"op":"time","variant":{"problem":"%s","variant":"%s"},"samples":1,"seed":3}\n' "$p" "$(seed_of "$p")" | \
    timeout "${NCU_LIMIT:-25}" ncu --clock-control none --csv --page raw --print-units base --metrics "$metrics" \
      -k "regex:^($(entries_of "$p"))\$" -c "$count" \
      "$B/solver-gpu" --serve --problems-root "$SUITE" --chips "$D/rules/chips.yaml" --cache-dir "$SOLVER_CACHE_DIR" \
      > "$csv.raw" 2>&1
  rc=$?
  grep '^"' "$csv.raw" > "$csv"
  echo "  $p: ncu exit $rc, $(grep -c '^"[0-9]' "$csv") rows"
}
# Concatenates per-problem ncu logs into one export: header and units once, then every row.
concat_csv() {  # out files...
  local out=$1; shift; local first=1
  : > "$out"
  for f in "$@"; do
    [ -s "$f" ] || continue
    if [ $first = 1 ]; then grep '^"' "$f" >> "$out"; first=0; else grep '^"[0-9]' "$f" >> "$out"; fi
  done
}
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader)"
echo "== suite: $(problems | wc -l) problems under $SUITE"

if step 1; then
echo "== 1. live eval (gate + profile + classify each kernel)"
s=$(date +%s%N)
timeout "${LIVE_LIMIT:-150}" "$B/solver" --data-dir "$D" eval --suite "$SUITE" --json --save-signals "$OUT/signals" \
  > "$OUT/eval_live.json"
echo "(live eval exit $?, $(ms $s) ms)"
solver eval --suite "$SUITE" --signals-dir "$OUT/signals" > "$OUT/eval_live.txt" 2>&1
cat "$OUT/eval_live.txt"
fi

if step 2; then
echo "== 2. ncu export with the metric list the rules need"
METRICS=$(solver signals ncu-metrics 2>/dev/null | awk '/--metrics/{for(i=1;i<=NF;i++) if($i=="--metrics") print $(i+1)}')
if [ -n "$METRICS" ]; then echo "metrics from: solver signals ncu-metrics"
else
  METRICS=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,dram__bytes_write.sum,sm__warps_active.avg.pct_of_peak_sustained_active,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_tensor.sum,sm__inst_executed_pipe_tensor_op_hmma.sum,sm__inst_executed_pipe_tensor_op_gmma.sum,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,lts__t_sector_hit_rate.pct,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg.per_second,smsp__inst_executed_op_ldgsts.sum,sm__inst_executed_pipe_tma.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,launch__occupancy_limit_blocks,launch__occupancy_limit_warps,launch__block_size,launch__grid_size
  echo "metrics from: the default CUPTI set of profiling/metric_set.cpp (this bundle has no 'signals ncu-metrics')"
fi
case ",$METRICS," in *,device__attribute_display_name,*) ;; *) METRICS=$METRICS,device__attribute_display_name ;; esac
echo "$METRICS" | tr ',' '\n' > "$OUT/ncu_metrics.txt"; echo "$(wc -l < "$OUT/ncu_metrics.txt") metrics"
for p in $(problems); do
  [ "$(left)" -gt 100 ] || { echo "  $p: skipped (time budget)"; continue; }
  n=$(launches_of "$p"); [ "$n" -gt 8 ] && n=8   # launch_overhead: 8 of its 128 launches suffice
  run_under_ncu "$p" "$METRICS" "$OUT/ncu/$p.csv" "$n"
done
concat_csv "$OUT/ncu_export.csv" "$OUT"/ncu/*.csv
solver eval --suite "$SUITE" --ncu-csv "$OUT/ncu_export.csv" --json > "$OUT/eval_ncu.json" 2> "$OUT/eval_ncu.err"
echo "(ncu eval exit $?)"; cat "$OUT/eval_ncu.err"
solver eval --suite "$SUITE" --ncu-csv "$OUT/ncu_export.csv" > "$OUT/eval_ncu.txt" 2>&1
cat "$OUT/eval_ncu.txt"
fi

if step 3; then
echo "== 3. each label's confirm: metrics, raw, checked against the label's ranges"
for p in $(problems); do
  [ "$(left)" -gt 15 ] || { echo "  $p: skipped (time budget)"; continue; }
  n=$(launches_of "$p"); [ "$n" -gt 4 ] && n=4
  m=$( { confirm_of "$p"; echo gpu__time_duration.sum; echo device__attribute_display_name; } | paste -sd, | uniq_list)
  run_under_ncu "$p" "$m" "$OUT/confirm/$p.csv" "$n"
done
solver eval --suite "$SUITE" --confirm-dir "$OUT/confirm" > "$OUT/confirm.txt" 2>&1
solver eval --suite "$SUITE" --confirm-dir "$OUT/confirm" --json > "$OUT/confirm.json" 2>/dev/null
cat "$OUT/confirm.txt"
fi
echo "== total $(( $(date +%s) - T0 )) s"
} 2>&1 | tee "$OUT/labelled.log"
