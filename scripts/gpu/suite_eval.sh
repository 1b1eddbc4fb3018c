#!/bin/bash
# One classifier suite on the H200 (tests/labelled, tests/corpus, or any folder of problem
# folders with label.yaml), in one device call:
#   1. live `solver eval --suite $SUITE` (gate + CUPTI profile + classify per kernel), keeping
#      each kernel's signals so the verdicts can be re-scored offline;
#   2. ONE ncu export of every suite kernel: the metric list `solver signals ncu-metrics`
#      prints plus every label's `confirm:` metrics, one profiled launch per kernel (a
#      multi-launch problem: its first 8 launches);
#   3. from that export: `solver eval --ncu-csv` (the ncu path's verdicts, with the problem
#      folders' formulas and PTX scan) and `solver eval --confirm-csv` (each label's evidence).
# Where the suite has a held-out list ($SUITE/heldout.txt), steps 1 and 3 also score the dev
# part and the held-out part apart.
# Why batches: one ncu process per kernel costs ~2.8 s of ncu start, CUDA context and the
# worker's set-up, more than the replay passes; so the single-launch kernels share a few ncu
# processes (NCU_BATCH problems each, one worker session running one `time` request per
# problem), and `--kernel-id ...:1` picks each kernel's first launch, so the warm-up launches
# of a `time` request are not replayed. A problem a batch missed is profiled alone
# ("fallback" in the log).
# Run from the repo root with the bundle under $SOLVER_BUNDLE (default .carry/lead).
# Everything lands in $OUT: eval_live.{json,txt}, signals/, ncu_export.csv (+ raw logs in ncu/),
# ncu_metrics.txt, eval_ncu.{json,txt}, confirm.{json,txt}, the split files where the suite has
# one, $NAME.log, timings.txt, and all of it again as one archive, $NAME.tgz.
# STEPS="2 3" (or "3", ...) runs only those steps (step 3 reads $OUT/ncu_export.csv); BUDGET_S
# bounds the whole script: ncu sessions that would not fit are skipped and logged.
# Wrappers: scripts/gpu/labelled.sh (tests/labelled) and scripts/gpu/corpus.sh (tests/corpus).
set -u
STEPS=" ${STEPS:-1 2 3} "
step() { case "$STEPS" in *" $1 "*) return 0 ;; esac; echo "== step $1 not asked for (STEPS=$STEPS)"; return 1; }
SUITE=${SUITE:?set SUITE to a folder of labelled problem folders}
NAME=${NAME:-$(basename "$SUITE")}
OUT=${OUT:-/tmp/solver-$NAME}; mkdir -p "$OUT/ncu"
BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
B=$BUNDLE/bin; D=$BUNDLE/share/solver
NCU_BATCH=${NCU_BATCH:-8}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)} LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
PARTS=""; [ -f "$SUITE/heldout.txt" ] && PARTS="dev heldout"
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
T0=$(now_ms)
TIMINGS=$OUT/timings.txt; : > "$TIMINGS"
# Seconds left of the script's budget ($BUDGET_S, default 480): no ncu session is started
# that could run past it (each is also capped at what is left), so the call ends in time.
left() { echo $(( ${BUDGET_S:-480} - ($(now_ms) - T0) / 1000 )); }
cap() { local l; l=$(( $(left) - 20 )); [ "$l" -lt "$1" ] && echo "$l" || echo "$1"; }
timed() {  # label command...: runs it, logs "label: N ms (exit rc)" to the log and timings.txt
  local label=$1 s rc; shift
  s=$(now_ms); "$@"; rc=$?
  echo "$label: $(( $(now_ms) - s )) ms (exit $rc)" | tee -a "$TIMINGS"
  return $rc
}
solver() { timeout 20 "$B/solver" --data-dir "$D" "$@"; }
# Problem names, seed variant, kernel names and launches from the suite's own files (no YAML
# tool there).
problems() { for d in "$SUITE"/*/; do [ -f "$d/label.yaml" ] && basename "$d"; done; }
seed_of() { awk '/^seed:/{print $2; exit}' "$SUITE/$1/problem.yaml"; }
entries_of() {  # distinct `entry:` names of the problem's variant(s), without the reference
  grep -o 'entry: [A-Za-z_0-9]*' "$SUITE/$1/problem.yaml" | awk '{print $2}' | grep -v '_ref$' | sort -u
}
launches_of() { local n; n=$(grep -c 'entry: ' "$SUITE/$1/problem.yaml"); echo $(( n - 1 )); }  # minus the reference
confirm_of() {  # the label's confirm: metric names, one a line
  awk '/^confirm:/{c=1; next} c && /^[^ #]/{c=0} c && /^  [a-z]/{sub(/^  /,""); sub(/:.*/,""); print}' \
    "$SUITE/$1/label.yaml"
}
time_request() {  # problem id: one `time` request (samples 1) for the problem's seed variant
  printf '{"id":%d,"op":"time","variant":{"problem":"%s","variant":"%s"},"samples":1,"seed":3}\n' "$2" "$1" "$(seed_of "$1")"
}
# One ncu process over one worker session. ncu's report and the worker's JSON replies share
# stdout: the CSV lines are the ones that start with a quote; all of it is kept in $raw.
ncu_session() {  # raw limit requests-file ncu-selection-args...
  local raw=$1 limit=$2 req=$3; shift 3
  timeout "$limit" ncu --clock-control none --replay-mode kernel --csv --page raw --print-units base \
    --metrics "$METRICS" "$@" \
    "$B/solver-gpu" --serve --problems-root "$SUITE" --chips "$D/rules/chips.yaml" --cache-dir "$SOLVER_CACHE_DIR" \
    < "$req" > "$raw" 2>&1
}
rows_of() {  # raw-file problem: data rows naming one of the problem's kernels (an extern "C"
  # kernel's name has no parameter list; a C++ one has "(...)" or "<...>" after it)
  local re; re=$(entries_of "$2" | paste -sd'|')
  grep '^"[0-9]' "$1" | grep -cE "\"(void )?($re)[(<\"]" || true
}
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader 2>/dev/null)"
echo "== suite: $(problems | wc -l) problems under $SUITE; $(ncu --version 2>/dev/null | tail -1)"

if step 1; then
  echo "== 1. live eval (gate + profile + classify each kernel)"
  timed "step 1 live eval" timeout "${LIVE_LIMIT:-260}" "$B/solver" --data-dir "$D" eval --suite "$SUITE" --json \
    --save-signals "$OUT/signals" > "$OUT/eval_live.json"
  timeout 30 "$B/solver" --data-dir "$D" eval --suite "$SUITE" --signals-dir "$OUT/signals" > "$OUT/eval_live.txt" 2>&1
  cat "$OUT/eval_live.txt"
  for part in $PARTS; do
    timeout 30 "$B/solver" --data-dir "$D" eval --suite "$SUITE" --signals-dir "$OUT/signals" --split $part \
      > "$OUT/eval_live_$part.txt" 2>&1
    echo "-- live, $part part: $(grep '^overall' "$OUT/eval_live_$part.txt")"
  done
fi

if step 2; then
  echo "== 2. one ncu export of the suite: the rules' metric list plus every label's confirm: metrics"
  METRICS=$(solver signals ncu-metrics 2>/dev/null | awk '/--metrics/{for(i=1;i<=NF;i++) if($i=="--metrics") print $(i+1)}')
  if [ -z "$METRICS" ]; then
    echo "this bundle has no 'signals ncu-metrics': stop (build the bundle from this tree)"; exit 1
  fi
  METRICS=$( { echo "$METRICS" | tr ',' '\n'; for p in $(problems); do confirm_of "$p"; done;
               echo gpu__time_duration.sum; echo device__attribute_display_name; } | awk 'NF && !seen[$0]++' | paste -sd,)
  echo "$METRICS" | tr ',' '\n' > "$OUT/ncu_metrics.txt"; echo "$(wc -l < "$OUT/ncu_metrics.txt") metrics"
  rm -f "$OUT"/ncu/*.raw "$OUT"/ncu/*.req  # a rerun in the same $OUT starts from no captures
  single=(); multi=()
  for p in $(problems); do if [ "$(launches_of "$p")" -gt 1 ]; then multi+=("$p"); else single+=("$p"); fi; done
  # Single-launch problems in batches: one worker session, one time request each, and the
  # first launch of each kernel profiled (--kernel-id ...:1).
  missing=()
  [ ${#single[@]} -gt 0 ] || echo "  no single-launch problems"
  for (( i = 0; i < ${#single[@]}; i += NCU_BATCH )); do
    batch=("${single[@]:i:NCU_BATCH}"); req=$OUT/ncu/batch$i.req; : > "$req"
    if [ "$(left)" -lt 60 ]; then echo "  batch $i (${batch[*]}): skipped (time budget)"; continue; fi
    n=1; for p in "${batch[@]}"; do time_request "$p" $n >> "$req"; n=$((n + 1)); done
    re=$(for p in "${batch[@]}"; do entries_of "$p"; done | paste -sd'|')
    timed "step 2 ncu batch $i (${#batch[@]} problems)" ncu_session "$OUT/ncu/batch$i.raw" "$(cap "${NCU_LIMIT:-90}")" "$req" \
      --kernel-id "::regex:^($re)\$:1"
    for p in "${batch[@]}"; do
      got=$(rows_of "$OUT/ncu/batch$i.raw" "$p")
      echo "  $p: $got row(s)"; [ "$got" -gt 0 ] || missing+=("$p")
    done
  done
  # Multi-launch problems (launch_overhead: 128 launches), and any problem a batch missed: one
  # session each, its first launches only (-c; 8 of 128 suffice for the per-launch counters).
  for p in "${multi[@]}" "${missing[@]}"; do
    case " ${missing[*]} " in *" $p "*) tag="fallback" ;; *) tag="multi-launch" ;; esac
    if [ "$(left)" -lt 35 ]; then echo "  $p ($tag): skipped (time budget)"; continue; fi
    n=$(launches_of "$p"); [ "$n" -gt 8 ] && n=8
    time_request "$p" 1 > "$OUT/ncu/$p.req"
    timed "step 2 ncu $p ($tag, $n launches)" ncu_session "$OUT/ncu/$p.raw" "$(cap "${NCU_ONE_LIMIT:-30}")" "$OUT/ncu/$p.req" \
      -k "regex:^($(entries_of "$p" | paste -sd'|'))\$" -c "$n"
    echo "  $p: $(rows_of "$OUT/ncu/$p.raw" "$p") row(s)"
  done
  # One export: the header and units once, then every data row.
  first=1; : > "$OUT/ncu_export.csv"
  for f in "$OUT"/ncu/*.raw; do
    grep -q '^"ID"' "$f" || continue
    if [ $first = 1 ]; then grep '^"' "$f" >> "$OUT/ncu_export.csv"; first=0; else grep '^"[0-9]' "$f" >> "$OUT/ncu_export.csv"; fi
  done
  echo "ncu_export.csv: $(grep -c '^"[0-9]' "$OUT/ncu_export.csv") rows"
fi

if step 3; then
  echo "== 3. the ncu path's verdicts and the labels' evidence, from the one export"
  # The first eval compiles each problem's variant (NVRTC, for the PTX scan) unless the
  # worker's compile cache already holds it.
  timed "step 3 eval --ncu-csv" timeout 90 "$B/solver" --data-dir "$D" eval --suite "$SUITE" \
    --ncu-csv "$OUT/ncu_export.csv" --json > "$OUT/eval_ncu.json" 2> "$OUT/eval_ncu.err"
  cat "$OUT/eval_ncu.err"
  timeout 60 "$B/solver" --data-dir "$D" eval --suite "$SUITE" --ncu-csv "$OUT/ncu_export.csv" > "$OUT/eval_ncu.txt" 2>&1
  cat "$OUT/eval_ncu.txt"
  for part in $PARTS; do
    timeout 60 "$B/solver" --data-dir "$D" eval --suite "$SUITE" --ncu-csv "$OUT/ncu_export.csv" --split $part \
      > "$OUT/eval_ncu_$part.txt" 2>&1
    echo "-- ncu export, $part part: $(grep '^overall' "$OUT/eval_ncu_$part.txt")"
  done
  timed "step 3 eval --confirm-csv" timeout 30 "$B/solver" --data-dir "$D" eval --suite "$SUITE" \
    --confirm-csv "$OUT/ncu_export.csv" > "$OUT/confirm.txt" 2>&1
  timeout 30 "$B/solver" --data-dir "$D" eval --suite "$SUITE" --confirm-csv "$OUT/ncu_export.csv" --json \
    > "$OUT/confirm.json" 2>/dev/null
  cat "$OUT/confirm.txt"
fi
echo "== timings"; cat "$TIMINGS"
echo "== total $(( ($(now_ms) - T0) / 1000 )) s"
} 2>&1 | tee "$OUT/$NAME.log"
# Everything once more as one archive (the files above stay for a quick look).
TGZ=$(mktemp "/tmp/$NAME.XXXXXX.tgz") && tar czf "$TGZ" -C "$OUT" --exclude "$NAME.tgz" . && mv "$TGZ" "$OUT/$NAME.tgz"
