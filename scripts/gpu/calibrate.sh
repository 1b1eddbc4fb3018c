#!/bin/bash
# Calibrates the paired verdict on the live GPU (docs/loop.md "Calibrating the verdict"): run
# from the repo root on the GPU machine with the static bundle under $SOLVER_BUNDLE (default
# .carry/lead). Logs and JSON go to $OUT. Whole script: about 4 minutes, each step under
# `timeout`.
#
#  1. identical arms (candidate = incumbent) through the real paired timing and verdict: each
#     problem's seed, 50 trials x 4 problems = 200 trials of 15 pairs; the same trials decided
#     again with the candidate scaled 1%, 2%, 5% slower (no extra GPU time);
#  2. real slower points of the pools (the incumbent is the faster knob point, the candidate a
#     slower one; its difference is measured unpaired in the same run): 20 trials each, plus
#     20 more identical-arm trials of each fast variant.
# Sizing: docs/benchmarks.md puts a worker `time` request of 20 samples of these pools at
# 0.1-0.5 s; a trial is one `time_pairs` of 15 pairs (30 timed launches, L2 flushed between
# them), so ~0.15-0.75 s: 320 trials fit in 50-240 s. ms/trial is printed per row.
#
# How to judge: in calibrate-identical.txt the "identical arms" line must show false faster
# <= 1% (the loop keeps a kernel only on "faster": this is its false-win rate), with its 95%
# upper bound; most trials should say "same" (ambiguous teaches nothing but costs nothing).
# The scaled rows say how often a K% slowdown is detected (slower); 1% is the min gain, so
# +1% is the borderline and +5% should be detected nearly always. calibrate-real.txt: "real +K%" rows are detection rates
# against kernels that really are slower by the unpaired K printed.
set -u
OUT=${OUT:-/tmp/solver-calibrate}; mkdir -p "$OUT"
BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
B=$BUNDLE/bin; D=$BUNDLE/share/solver
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
t0=$(date +%s%N)
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader)"
echo "== 1. identical arms: 4 problems x ${TRIALS:-50} trials (seeds), scaled +1/2/5%"
s=$(date +%s%N)
timeout ${LIMIT1:-170} $B/solver --data-dir $D calibrate --backend live \
  --problems softmax,layernorm,reduce,sigmoid --trials ${TRIALS:-50} --slowdown 1,2,5 \
  --out "$OUT/calibrate-identical.json" | tee "$OUT/calibrate-identical.txt"
echo "(exit ${PIPESTATUS[0]}, $(ms $s) ms)"
echo "== 2. real slower points: 3 problems x ${TRIALS2:-20} trials"
s=$(date +%s%N)
timeout ${LIMIT2:-120} $B/solver --data-dir $D calibrate --backend live \
  --problems layernorm,sigmoid,reduce --trials ${TRIALS2:-20} \
  --variant 'layernorm=vec4[BLOCK=256],sigmoid=ilp[BLOCK=512],reduce=vec_ilp[BLOCK=512]' \
  --against 'layernorm=vec4[BLOCK=512],sigmoid=ilp[BLOCK=256],reduce=vec_ilp[BLOCK=128]' \
  --out "$OUT/calibrate-real.json" | tee "$OUT/calibrate-real.txt"
echo "(exit ${PIPESTATUS[0]}, $(ms $s) ms)"
echo "== total $(ms $t0) ms"
} 2>&1 | tee "$OUT/calibrate.log"
