#!/bin/bash
# issue 31's "done when": for every kernel of the labelled suite and the real-kernel corpus, is the
# line our PC sampling ranks first for a stall reason the line ncu's source view ranks first for
# the same reason? Writes $OUT/pcsample_vs_ncu.tsv (one row per kernel and stall reason) and the
# agreement: per kernel (its top stall reason, the one a verdict cites without other evidence)
# and per (kernel, reason) with at least 5% and 20 of our samples.
#
#   1. ours: <problem>.pc.json that `solver eval --save-signals DIR` writes beside each signal
#      file. Taken from $OURS_<suite> (default: the labelled/corpus steps of the same run.sh call,
#      $OUT/../labelled/signals and $OUT/../corpus/signals), else made here by a live eval of the
#      suite (labelled ~150 s, corpus ~250 s: run the `labelled corpus` steps first instead).
#   2. ncu: one ncu process per batch of NCU_BATCH problems over one worker session (one `time`
#      request each, first launch of each kernel: --kernel-id ...:1), `--section SourceCounters
#      --import-source yes`, the worker compiling with -lineinfo (SOLVER_LINEINFO=1) so SASS maps
#      to lines; a report per batch.
#   3. per problem: its sampled kernel's raw page and the Source page's CUDA view with its SASS
#      imported from the batch report (`ncu --import R -k regex:^K$ --csv --page raw|source
#      --print-source cuda,sass`: ncu 2025.3 prints the CUDA view alone without any counter
#      column, tests/data/ncu_source/h200_no_counters.csv), read by `solver classify --ncu-csv RAW --ncu-source SRC --json` (the importer of
#      profiling/ncu_source.h, so a real export checks it: a refusal is a row with its error);
#      the exports are kept in $OUT/src/ for a test fixture.
#
# Device cost (estimate, not measured): ~3 s of ncu start per batch plus ~1-2 s per kernel for
# the SourceCounters passes, ~1 s per import: labelled (30) ~100 s, corpus (51) ~170 s, with
# step 1 reused. BUDGET_S (default 300) bounds the whole script; what does not fit is skipped and
# counted. SUITES (default "tests/labelled tests/corpus").
set -u
OUT=${OUT:-/tmp/solver-pcsample-vs-ncu}; mkdir -p "$OUT/ncu" "$OUT/src" "$OUT/ours"
BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
B=$BUNDLE/bin; D=$BUNDLE/share/solver
NCU_BATCH=${NCU_BATCH:-8}
SUITES=${SUITES:-tests/labelled tests/corpus}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)} LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
T0=$(date +%s)
left() { echo $(( ${BUDGET_S:-300} - ($(date +%s) - T0) )); }
cap() { local l; l=$(( $(left) - 10 )); [ "$l" -lt "$1" ] && echo "$l" || echo "$1"; }
command -v ncu >/dev/null || { echo "ncu not found: nothing to compare"; exit 1; }
command -v python3 >/dev/null || { echo "python3 not found: the comparison needs it"; exit 1; }
problems() { for d in "$1"/*/; do [ -f "$d/problem.yaml" ] && [ -f "$d/label.yaml" ] && basename "$d"; done; }
seed_of() { awk '/^seed:/{print $2; exit}' "$1/$2/problem.yaml"; }
entries_of() { grep -o 'entry: [A-Za-z_0-9]*' "$1/$2/problem.yaml" | awk '{print $2}' | grep -v '_ref$' | sort -u; }

{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null); $(ncu --version 2>/dev/null | tail -1)"
for SUITE in $SUITES; do
  name=$(basename "$SUITE")
  # 1. ours
  ours=$(eval echo "\${OURS_$name:-$OUT/../$name/signals}")
  if ! ls "$ours"/*.pc.json >/dev/null 2>&1; then
    ours=$OUT/ours/$name
    if [ "$(left)" -lt 200 ]; then echo "$name: no saved PC samples and no time for a live eval: skipped"; continue; fi
    echo "$name: live eval for our PC samples (no *.pc.json under the $name step's signals)"
    timeout "$(cap 260)" "$B/solver" --data-dir "$D" eval --suite "$SUITE" --save-signals "$ours" >/dev/null 2>"$OUT/ours_$name.err"
  fi
  echo "$name: ours from $ours ($(ls "$ours"/*.pc.json 2>/dev/null | wc -l) kernels with samples)"
  # 2. ncu, in batches
  list=($(problems "$SUITE"))
  for (( i = 0; i < ${#list[@]}; i += NCU_BATCH )); do
    batch=("${list[@]:i:NCU_BATCH}"); req=$OUT/ncu/${name}_$i.req; : > "$req"
    if [ "$(left)" -lt 60 ]; then echo "  ncu batch $i (${batch[*]}): skipped (time budget)"; continue; fi
    n=1
    for p in "${batch[@]}"; do
      printf '{"id":%d,"op":"time","variant":{"problem":"%s","variant":"%s"},"samples":1,"seed":3}\n' "$n" "$p" "$(seed_of "$SUITE" "$p")" >> "$req"
      n=$((n + 1))
    done
    re=$(for p in "${batch[@]}"; do entries_of "$SUITE" "$p"; done | sort -u | paste -sd'|')
    s=$(date +%s)
    SOLVER_LINEINFO=1 timeout "$(cap 120)" ncu --clock-control none --replay-mode kernel --section SourceCounters \
      --import-source yes -f -o "$OUT/ncu/${name}_$i" --kernel-id "::regex:^($re)\$:1" \
      "$B/solver-gpu" --serve --problems-root "$SUITE" --chips "$D/rules/chips.yaml" --cache-dir "$SOLVER_CACHE_DIR" \
      < "$req" > "$OUT/ncu/${name}_$i.log" 2>&1
    echo "  ncu batch $i (${#batch[@]} problems): exit $? in $(( $(date +%s) - s )) s"
  done
  # 3. per problem: ncu's lines through our importer
  for (( i = 0; i < ${#list[@]}; i += NCU_BATCH )); do
    rep=$OUT/ncu/${name}_$i.ncu-rep; [ -f "$rep" ] || continue
    for p in "${list[@]:i:NCU_BATCH}"; do
      [ "$(left)" -lt 15 ] && { echo "  $p: not imported (time budget)"; continue; }
      k=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("kernel",""))' "$ours/$p.pc.json" 2>/dev/null)
      [ -n "$k" ] || k=$(entries_of "$SUITE" "$p" | head -1)
      timeout 30 ncu --import "$rep" -k "regex:^$k\$" --csv --page raw > "$OUT/src/${name}_$p.raw.csv" 2>/dev/null
      timeout 30 ncu --import "$rep" -k "regex:^$k\$" --csv --page source --print-source cuda,sass > "$OUT/src/${name}_$p.source.csv" 2>/dev/null
      timeout 20 "$B/solver" --data-dir "$D" classify --ncu-csv "$OUT/src/${name}_$p.raw.csv" \
        --ncu-source "$OUT/src/${name}_$p.source.csv" --json > "$OUT/src/${name}_$p.classify.json" 2> "$OUT/src/${name}_$p.classify.err"
    done
  done
  echo "$name: $(( $(date +%s) - T0 )) s so far, $(left) s left"
done

# 4. the comparison
python3 "$(dirname "$0")/pcsample_compare.py" "$OUT" $SUITES
# ncu's lines, packed to be kept in docs/results (a later comparison needs them: the corpus's
# exports of 2026-12-02 were not kept, and 5 kernels of 79 could not be compared on 2026-12-03)
tar -C "$OUT" -cJf "$OUT/src.tar.xz" src && echo "kept: src.tar.xz ($(du -h "$OUT/src.tar.xz" | cut -f1)); commit it with the results"
echo "== total $(( $(date +%s) - T0 )) s"
} 2>&1 | tee "$OUT/pcsample_vs_ncu.log"
