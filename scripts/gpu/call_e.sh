#!/usr/bin/env bash
# Device call E (2026-12-01, third session): the paired timing on shared buffers. (1) identical
# arms on the two problems that showed the placement bias (softmax 31%, layernorm 48% false
# "faster" with separate buffers), fixed 16-pair rule; (2) the cheat suite (every cheat still
# refused with its expected outcome now that both members run on one set of buffers); (3) the
# gpu-labelled test binaries, as far as the time allows. Logs and JSON under $OUT.
set -u
R=${OUT:-/tmp/call-e}; mkdir -p "$R"
B=${SOLVER_BUNDLE:-.carry/dyn}; D=$B/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
T0=$(date +%s)
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader)"
echo "== 1. identical arms, shared buffers (at $(( $(date +%s) - T0 ))s)"
s=$(date +%s)
timeout ${CAL_LIMIT:-220} $B/bin/solver --data-dir $D calibrate --backend live \
  --problems ${CAL_PROBLEMS:-softmax,layernorm} --trials ${TRIALS:-30} --slowdown 1,2,5 \
  --out $R/calibrate.json > $R/calibrate.txt 2> $R/calibrate.err
echo "(exit $?, $(( $(date +%s) - s )) s wall)"; cat $R/calibrate.txt; tail -n 3 $R/calibrate.err
echo "== 2. cheat suite (at $(( $(date +%s) - T0 ))s)"
W=/tmp/call-e; mkdir -p $W/cheats
SOLVER_BUNDLE=$B OUT=$W/cheats timeout ${CHEAT_LIMIT:-200} bash scripts/gpu/cheats.sh > $W/cheats/stdout.log 2>&1
echo "(exit $?)"; tail -n 18 $W/cheats/stdout.log
tar czf "$R/cheats.tgz" -C $W cheats 2>/dev/null
left=$(( ${BUDGET:-560} - ($(date +%s) - T0) ))
echo "== 3. gpu tests ($left s left)"
if (( left > 60 )); then
  SOLVER_GPU_WORKER=$PWD/$B/bin/solver-gpu SOLVER_FAULTS_REPORT=$R timeout $(( left - 10 )) $B/tests/fault_suite_gpu_test > $R/fault_suite.txt 2>&1
  echo "(fault_suite_gpu_test exit $?)"; tail -n 4 $R/fault_suite.txt
fi
left=$(( ${BUDGET:-560} - ($(date +%s) - T0) ))
if (( left > 40 )); then
  SOLVER_TEST_WORKER=$PWD/$B/bin/solver-gpu SOLVER_TEST_SOURCE_DIR=$PWD timeout $(( left - 5 )) $B/tests/live_backend_gpu_test > $R/live_backend.txt 2>&1
  echo "(live_backend_gpu_test exit $?)"; tail -n 4 $R/live_backend.txt
fi
echo "== total $(( $(date +%s) - T0 ))s"
