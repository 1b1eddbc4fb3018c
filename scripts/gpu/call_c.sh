#!/usr/bin/env bash
# Device call C of 2026-12-01 (second session): the round-cost work live. The six-problem
# ablation with the default rules (every ledger record carries phases_ms), the verdict's
# identical-arm calibration under the sequential rule over four problems, and the cheat suite
# (the standing input sets and the sequential timing must refuse every cheat as before).
set -u
R=${OUT:-/tmp/call-c}; mkdir -p "$R"
B=${SOLVER_BUNDLE:-.carry/lead}; D=$B/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
P=matmul,softmax,layernorm,reduce,matmul_scalar,sigmoid
T0=$(date +%s)
W=/tmp/call-c; mkdir -p $W
rules=${RULES:-default}
d=$W/ablate-live-$rules; rm -rf "$d"
rf=$D/rules/rules.yaml; [ "$rules" = seed ] && rf=$D/rules/seed.yaml
echo "== live ablate, $rules rules (at $(( $(date +%s) - T0 ))s)"
s=$(date +%s)
timeout ${ABL_LIMIT:-200} $B/bin/solver --data-dir $D ablate --backend live --problems $P --rounds 12 \
  --rules "$rf" --out "$d" > $W/ablate.out 2> $W/ablate.err
echo "(exit $?, $(( $(date +%s) - s )) s wall)"
cat $W/ablate.out; tail -n 3 $W/ablate.err
cp $W/ablate.out $W/ablate.err "$d/" 2>/dev/null
tar czf "$R/ablate-live-$rules.tgz" -C $W "ablate-live-$rules" 2>/dev/null
if [ "${CALIBRATE:-1}" = 1 ]; then
  echo "== calibrate identical arms, sequential (at $(( $(date +%s) - T0 ))s)"
  s=$(date +%s)
  timeout ${CAL_LIMIT:-200} $B/bin/solver --data-dir $D calibrate --backend live \
    --problems ${CAL_PROBLEMS:-softmax,reduce,sigmoid,layernorm} --trials ${TRIALS:-55} --slowdown 1,2,5 \
    --json > $R/calibrate.json 2> $W/calibrate.err
  echo "(exit $?, $(( $(date +%s) - s )) s wall)"
  tail -n 5 $W/calibrate.err; cp $W/calibrate.err $R/
fi
if [ "${CHEATS:-1}" = 1 ]; then
  echo "== cheat suite (at $(( $(date +%s) - T0 ))s)"
  mkdir -p $W/cheats
  OUT=$W/cheats timeout ${CHEAT_LIMIT:-170} bash scripts/gpu/cheats.sh > $W/cheats/stdout.log 2>&1
  echo "(exit $?)"; tail -n 20 $W/cheats/stdout.log
  tar czf "$R/cheats.tgz" -C $W cheats 2>/dev/null
fi
echo "== total $(( $(date +%s) - T0 ))s"
