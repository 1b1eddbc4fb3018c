#!/usr/bin/env bash
# Device call F (2026-12-01, third session): the round cost and the verdict's calibration with
# both cuts of this session (shared pair buffers, the device-side input digest). (1) the
# six-problem live ablation, default rules, 12 rounds (phases_ms in every record); (2) 208
# identical-arm trials, fixed 16-pair rule, four problems; (3) the same under the sequential
# rule, as far as the time allows. Logs and JSON under $OUT.
set -u
R=${OUT:-/tmp/call-f}; mkdir -p "$R"
B=${SOLVER_BUNDLE:-.carry/dyn}; D=$B/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
T0=$(date +%s); BUDGET=${BUDGET:-575}
left() { echo $(( BUDGET - ($(date +%s) - T0) )); }
W=/tmp/call-f; mkdir -p $W
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader)"
echo "== 1. live ablate, six problems (at $(( $(date +%s) - T0 ))s)"
d=$W/ablate-live-default; rm -rf $d; s=$(date +%s)
timeout ${ABL_LIMIT:-170} $B/bin/solver --data-dir $D ablate --backend live \
  --problems matmul,softmax,layernorm,reduce,matmul_scalar,sigmoid --rounds 12 --out $d > $W/ablate.out 2> $W/ablate.err
echo "(exit $?, $(( $(date +%s) - s )) s wall)"; cat $W/ablate.out; tail -n 3 $W/ablate.err
cp $W/ablate.out $W/ablate.err $d/ 2>/dev/null; tar czf $R/ablate-live-default.tgz -C $W ablate-live-default
echo "== 2. identical arms, fixed rule, 4 x ${TRIALS:-52} (at $(( $(date +%s) - T0 ))s, $(left) s left)"
s=$(date +%s)
timeout $(( $(left) - 60 )) $B/bin/solver --data-dir $D calibrate --backend live \
  --problems softmax,layernorm,reduce,sigmoid --trials ${TRIALS:-52} --slowdown 1,2,5 \
  --out $R/calibrate-fixed.json > $R/calibrate-fixed.txt 2> $W/cal1.err
echo "(exit $?, $(( $(date +%s) - s )) s wall)"; cat $R/calibrate-fixed.txt; tail -n 2 $W/cal1.err
if (( $(left) > 50 )); then
  echo "== 3. identical arms, sequential rule (at $(( $(date +%s) - T0 ))s, $(left) s left)"
  s=$(date +%s)
  timeout $(( $(left) - 5 )) $B/bin/solver --data-dir $D calibrate --backend live --sequential-pairs \
    --problems softmax,layernorm,reduce --trials ${TRIALS3:-30} --slowdown 1,2,5 \
    --out $R/calibrate-seq.json > $R/calibrate-seq.txt 2> $W/cal2.err
  echo "(exit $?, $(( $(date +%s) - s )) s wall)"; cat $R/calibrate-seq.txt; tail -n 2 $W/cal2.err
fi
echo "== total $(( $(date +%s) - T0 ))s"
