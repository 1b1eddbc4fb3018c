#!/bin/bash
# Collection cost on the H200: solver's in-process profile (CUPTI range profiler, the metric
# set the default rule table derives: `solver signals metrics`) against `ncu --metrics <the
# same list>`, three repeats each, both over an unprofiled run of the same request.
# Run from the repo root on the GPU machine with the static bundle under $SOLVER_BUNDLE
# (default .carry/lead). Writes $OUT/metric_cost.tsv and $OUT/metric_cost.log; under 6 min.
#
# Columns of metric_cost.tsv: kernel, repeat, what (unprofiled | solver | ncu), wall_ms of the
# worker call, passes and collection_ms (solver rows: from the profile's raw metrics), and
# overhead_ms = wall_ms - the same repeat's unprofiled wall_ms.
set -u
OUT=${OUT:-/tmp/solver-metric-cost}; mkdir -p "$OUT"
BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
B=$BUNDLE/bin; D=$BUNDLE/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache-$(id -u) LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
T0=$(date +%s)
budget_left() { [ $(( $(date +%s) - T0 )) -lt ${1:-300} ]; }  # keeps the whole script under 6 min
worker() { timeout 120 "$B/solver-gpu" --serve --problems-root "$D/problems" --chips "$D/rules/chips.yaml" --cache-dir "$SOLVER_CACHE_DIR"; }
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader)"
# The list the live profile collects for the default table (no python needed): the same
# metrics `signals metrics` lists, as ncu's comma list and as a JSON array for the worker.
timeout 30 "$B/solver" --data-dir "$D" signals metrics --json > "$OUT/metrics.json" || { echo "signals metrics failed"; exit 1; }
LIST=$(tr -d ' \n' < "$OUT/metrics.json" | sed 's/.*"metrics":\[\([^]]*\)\].*/\1/' | tr -d '"')
JLIST="[\"$(echo "$LIST" | sed 's/,/","/g')\"]"
echo "metrics ($(echo "$LIST" | tr ',' '\n' | wc -l)): $LIST"
timeout 30 "$B/solver" --data-dir "$D" signals ncu-metrics > "$OUT/ncu_metrics.txt"
# Warm the NVRTC cache and the ceilings once, outside the timed calls.
printf '%s\n' '{"id":1,"op":"ceilings"}' | worker > /dev/null
printf 'kernel\trepeat\twhat\twall_ms\tpasses\tcollection_ms\toverhead_ms\n' > "$OUT/metric_cost.tsv"
for pv in "sigmoid vec4 sigmoid_vec4" "softmax fused softmax_fused" "matmul wmma_tf32 matmul_wmma_tf32"; do
  set -- $pv; P=$1; V=$2; K=$3
  TIME='{"id":1,"op":"time","variant":{"problem":"'$P'","variant":"'$V'"},"samples":1,"seed":3}'
  PROF='{"id":1,"op":"profile","variant":{"problem":"'$P'","variant":"'$V'"},"samples":3,"metrics":'$JLIST'}'
  printf '%s\n' "$TIME" | worker > /dev/null   # compile once
  for r in 1 2 3; do
    budget_left 270 || { echo "time budget spent: skipping $P/$V repeat $r"; continue; }
    s=$(date +%s%N); printf '%s\n' "$TIME" | worker > /dev/null; base=$(ms $s)
    printf '%s\t%s\tunprofiled\t%s\t\t\t0\n' "$P/$V" $r $base >> "$OUT/metric_cost.tsv"
    s=$(date +%s%N); printf '%s\n' "$PROF" | worker > "$OUT/profile_${P}_${V}_$r.json"; w=$(ms $s)
    passes=$(grep -o '"solver__profiler_passes":[0-9.]*' "$OUT/profile_${P}_${V}_$r.json" | cut -d: -f2)
    coll=$(grep -o '"solver__collection_ms":[0-9.]*' "$OUT/profile_${P}_${V}_$r.json" | cut -d: -f2)
    printf '%s\t%s\tsolver\t%s\t%s\t%s\t%s\n' "$P/$V" $r $w "$passes" "$coll" $((w - base)) >> "$OUT/metric_cost.tsv"
    s=$(date +%s%N)
    printf '%s\n' "$TIME" | timeout 60 ncu --clock-control none --metrics "$LIST" -k "regex:$K" -c 1 --csv --page raw \
      "$B/solver-gpu" --serve --problems-root "$D/problems" --chips "$D/rules/chips.yaml" --cache-dir "$SOLVER_CACHE_DIR" \
      > "$OUT/ncu_${P}_${V}_$r.csv" 2>&1
    rc=$?; w=$(ms $s)
    printf '%s\t%s\tncu(rc=%s)\t%s\t\t\t%s\n' "$P/$V" $r $rc $w $((w - base)) >> "$OUT/metric_cost.tsv"
  done
done
{ column -t -s $'\t' "$OUT/metric_cost.tsv" 2>/dev/null || cat "$OUT/metric_cost.tsv"; }
# Live classify with the rule-derived set: the new signals must be present (not missing), with
# weight 1 and a measured launch_gap_frac (softmax naive launches three kernels per run).
for pv in "sigmoid vec4" "softmax naive" "matmul naive"; do
  set -- $pv
  budget_left 320 || { echo "time budget spent: skipping classify $1 $2"; continue; }
  timeout 40 "$B/solver" --data-dir "$D" classify --problem $1 --variant $2 --json > "$OUT/classify_$1_$2.json" 2>"$OUT/classify_$1_$2.err"
  command -v python3 >/dev/null || { echo "classify $1 $2: see $OUT/classify_$1_$2.json"; continue; }
  python3 - "$OUT/classify_$1_$2.json" <<'PY'
import json, sys
v = json.load(open(sys.argv[1]))["verdicts"][0]
s = v["signals"]
keys = ["weight", "launch_gap_frac", "gemm_loop", "flop_frac", "stall_long_scoreboard", "stall_barrier",
        "warp_efficiency", "local_inst_frac", "atomic_inst_frac", "l1_hit", "l2_frac", "sm_active_frac",
        "alu_frac", "fp64_frac", "xu_frac", "lsu_frac"]
print(v["kernel"], "fired:", (v["fired"] or {}).get("id"), "collection:", v.get("collection"))
print("  ", {k: s.get(k, "MISSING") for k in keys})
print("   undecided:", [u["id"] for u in v.get("undecided", [])], "defects:", v.get("defects"))
PY
done
# The ncu export of the same kernels classifies through the importer (per kernel, --time-us missing).
timeout 30 "$B/solver" --data-dir "$D" classify --ncu-csv "$OUT/ncu_sigmoid_vec4_1.csv" --chip h200 || true
} 2>&1 | tee "$OUT/metric_cost.log"
