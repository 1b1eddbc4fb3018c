#!/usr/bin/env bash
# Helper h29j's probe (issue 29, the matcher at >= 1 M classifications/s): the matcher bench on
# the device host's CPU, which is quiet (the build box runs 2 vCPUs at load 20-30, where every
# figure is 3x slower than idle and spreads 2x). No GPU is used. Runs two static matcher_bench
# binaries alternately, five times each, BENCH_SETS=256, rules/rules.yaml on h200, 2 s of the
# bench thread's CPU time per figure (~70 s in all):
#   $B/bench/matcher_bench_before   main before branch h29j (prints match, match into, match_bound)
#   $B/bench/matcher_bench          with h29j (adds "signals by id (SignalVector) into a reused
#                                   result": the figure the 1 M/s bar is read on)
# To put them in the bundle: in the static build tree (scripts/gpu/bundle.sh's build-static),
# `cmake --build build-static --target matcher_bench` on each commit and copy the binary to
# BUNDLE/bench/ under those names. Helper h29l's bench adds a fifth figure, "prepared" (one
# prepare(), then match_prepared by id): to compare h29l, put main before h29l's merge as
# matcher_bench_before and h29l's as matcher_bench. Writes $OUT/probe_h29j/bench.txt (the raw output, one block
# per run) and summary.txt (per binary and figure: min and median ns a classification).
# Usage: probe_h29j.sh [SECONDS_PER_FIGURE]   (default 2)
set -u
secs=${1:-2}
B=${SOLVER_BUNDLE:-.carry/lead}
O=${OUT:-/tmp}/probe_h29j
mkdir -p "$O"
: >"$O/bench.txt"
for bin in matcher_bench_before matcher_bench; do
  [[ -x $B/bench/$bin ]] || { echo "probe_h29j: $B/bench/$bin missing" | tee -a "$O/bench.txt"; exit 2; }
done
for i in 1 2 3 4 5; do
  for bin in matcher_bench_before matcher_bench; do
    echo "== $bin run $i load $(cut -d' ' -f1 /proc/loadavg)" >>"$O/bench.txt"
    BENCH_SETS=256 timeout 60 "$B/bench/$bin" rules/rules.yaml h200 "$secs" >>"$O/bench.txt" 2>&1
  done
done
# Per binary and figure: the ns a classification, min and median over the runs (plain sed and
# sort: the device host may have no gawk).
{
  bin=""
  while IFS= read -r line; do
    case $line in
      "== "*) bin=${line#== }; bin=${bin%% *}; continue ;;
      classified*) f="match" ;;
      "reused result"*) f="match into" ;;
      pre-bound*) f="match_bound" ;;
      "signals by id"*) f="by id into" ;;
      "prepared batch"*) f="prepared" ;;  # h29l's matcher_bench: prepare, match_prepared
      *) continue ;;
    esac
    ns=$(sed -n 's/.*(\([0-9]*\) ns each).*/\1/p' <<<"$line")
    [[ -n $ns ]] && echo "$bin|$f $ns"
  done <"$O/bench.txt"
} | sort -k1,1 -k2,2n -t' ' >"$O/values.txt"
: >"$O/summary.txt"
while IFS= read -r key; do
  mapfile -t xs < <(awk -v k="$key" '{ ns = $NF; sub(/ [0-9]+$/, ""); if ($0 == k) print ns }' "$O/values.txt" | sort -n)
  echo "$key: min ${xs[0]} ns, median ${xs[$((${#xs[@]} / 2))]} ns (${#xs[@]} runs: ${xs[*]})" |
    tee -a "$O/summary.txt"
done < <(sed 's/ [0-9]*$//' "$O/values.txt" | sort -u)
