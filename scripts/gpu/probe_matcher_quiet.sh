#!/usr/bin/env bash
# Issue 29's matcher bar (>= 1 M classifications/s) read on the device host's quiet CPU (the build
# box is 2 shared vCPUs, where the figures spread 2x with load): the bundle's
# bench/matcher_bench (copy build/bench/matcher_bench there), rules/rules.yaml on h200, at the
# default 4,096 signal sets and at 256, three runs each, 2 s of the bench thread's CPU per figure.
# No GPU is used. Writes $OUT/probe_matcher_quiet/bench.txt; prints the "by id" and "prepared"
# lines of each run with the host's load.
set -u
B=${SOLVER_BUNDLE:-.carry/lead}
O=${OUT:-/tmp}/probe_matcher_quiet
mkdir -p "$O"
: >"$O/bench.txt"
[ -x "$B/bench/matcher_bench" ] || { echo "probe_matcher_quiet: no $B/bench/matcher_bench"; exit 2; }
export LD_LIBRARY_PATH=$PWD/$B/lib:${LD_LIBRARY_PATH:-}
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), $(nproc) cores" | tee -a "$O/bench.txt"
for n in 4096 256; do
  for i in 1 2 3; do
    echo "== sets $n run $i load $(cut -d' ' -f1 /proc/loadavg)" | tee -a "$O/bench.txt"
    BENCH_SETS=$n timeout 60 "$B/bench/matcher_bench" rules/rules.yaml h200 2 >"$O/run.txt" 2>&1
    cat "$O/run.txt" >>"$O/bench.txt"
    grep -E "^(signals by id|prepared batch)" "$O/run.txt"
  done
done
