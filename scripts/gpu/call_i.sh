#!/usr/bin/env bash
# Device call I (issue 17, the rest of the round cost; helper h17): derived input sets made on
# the device, pristine standing sets kept on the device across requests, adaptive unprofiled
# samples. Runs from the repo root on the GPU machine with the bundle in $SOLVER_BUNDLE
# (default .carry/dyn). Under 6 minutes; logs and results under $OUT.
#  (a) the worker's self-check: prints whether the device derivation was taken (a worker whose
#      self-check failed prints a warning on stderr; one that passed names derive_device in
#      the phases), from a gate + time + time_pairs + profile of sigmoid whose phases must name
#      derive_device, device_cache_copy (the second request on) and whose profile states
#      solver__unprofiled_samples;
#  (b) the gpu test binaries that touch input sets (live backend, fault suite, cheat suite);
#  (c) the six-problem live ablation (both tracks, 12 rounds), its phase table and wall time;
#  (d) a short identical-arm check: calibrate --problems softmax,layernorm,reduce --trials 12.
set -u
R=${OUT:-/tmp/call-i}; mkdir -p "$R"
B=${SOLVER_BUNDLE:-.carry/dyn}; D=$B/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
T0=$(date +%s); BUDGET=${BUDGET:-350}
left() { echo $(( BUDGET - ($(date +%s) - T0) )); }
W=/tmp/call-i; mkdir -p $W
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader)"

echo "== a. worker self-check and one request of each op, device path then host path (at $(( $(date +%s) - T0 ))s)"
v='{"problem":"sigmoid","variant":"vec4"}'; n='{"problem":"sigmoid","variant":"naive"}'
session() {  # $1: tag; the environment chooses the path
  printf '%s\n' '{"id":1,"op":"hello"}' \
    "{\"id\":2,\"op\":\"gate\",\"variant\":$v,\"input_sets\":2,\"seed\":11}" \
    "{\"id\":3,\"op\":\"time\",\"variant\":$v,\"samples\":10,\"seed\":11}" \
    "{\"id\":4,\"op\":\"time_pairs\",\"incumbent\":$n,\"candidate\":$v,\"pairs\":8,\"seed\":11}" \
    "{\"id\":5,\"op\":\"profile\",\"variant\":$n,\"samples\":20}" |
    timeout 90 $B/bin/solver-gpu --serve --problems-root $D/problems --chips $D/rules/chips.yaml \
      --cache-dir $SOLVER_CACHE_DIR > $R/worker-$1.jsonl 2> $R/worker-$1.err
  echo "-- $1: worker exit $?"
  tail -n 3 $R/worker-$1.err
  python3 - "$R/worker-$1.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    body = r.get("gate") or r.get("time") or r.get("pairs") or r.get("profile") or {}
    ph = body.get("phases_ms", {})
    words = ("derive_device", "derive_set", "derive_plan", "device_cache_copy", "host_upload")
    pick = {k: round(v, 1) for k, v in ph.items() if any(w in k for w in words)}
    extra = {k: v for k, v in body.get("raw_metrics", {}).items() if "unprofiled_s" in k}
    status = body.get("status", "") if isinstance(body.get("status"), str) else ""
    print(f"id {r.get('id')} ok={r.get('ok')} {status} {r.get('error', '')[:200]} total_ms={round(ph.get('total', 0), 1)}")
    if pick: print("   ", pick)
    if extra: print("   ", extra)
    if body.get("detail"): print("    detail:", str(body["detail"])[:300])
PY
}
session device
if grep -q "derived input sets are made on the host" $R/worker-device.err; then
  echo "DEVICE DERIVATION NOT TAKEN (the self-check or its build failed): see the warning above"
elif grep -q derive_device $R/worker-device.jsonl; then
  echo "device derivation taken (self-check passed; derive_device in the phases above)"
else
  echo "DEVICE DERIVATION NOT TAKEN (no derive_device phase; SOLVER_HOST_DERIVE or no device digest?)"
fi
SOLVER_HOST_DERIVE=1 SOLVER_DEVICE_INPUT_CACHE_MB=0 session host

echo "== b. gpu tests that touch input sets (at $(( $(date +%s) - T0 ))s)"
for t in live_backend_gpu_test fault_suite_gpu_test cheat_suite_gpu_test; do
  bin=$B/tests/$t; [ -x "$bin" ] || bin=.carry/tests/$t
  [ -x "$bin" ] || { echo "-- $t: not in the bundle ($B/tests or .carry/tests)"; continue; }
  s=$(date +%s)
  SOLVER_TEST_WORKER="$PWD/$B/bin/solver-gpu" SOLVER_GPU_WORKER="$PWD/$B/bin/solver-gpu" \
    SOLVER_TEST_SOURCE_DIR="$PWD" \
    timeout ${TEST_LIMIT:-100} "$bin" > $R/$t.log 2>&1
  echo "-- $t: exit $? ($(( $(date +%s) - s )) s); $(grep -E '^\[doctest\] (test cases|assertions)' $R/$t.log | tr '\n' ' ')"
  grep -E "ERROR|FAILED|SKIP" $R/$t.log | head -n 8
done

echo "== c. live ablate, six problems (at $(( $(date +%s) - T0 ))s, $(left) s left)"
d=$W/ablate-live-default; rm -rf $d; s=$(date +%s)
timeout ${ABL_LIMIT:-150} $B/bin/solver --data-dir $D ablate --backend live \
  --problems matmul,softmax,layernorm,reduce,matmul_scalar,sigmoid --rounds 12 --out $d > $W/ablate.out 2> $W/ablate.err
echo "(exit $?, $(( $(date +%s) - s )) s wall)"; cat $W/ablate.out; tail -n 3 $W/ablate.err
grep "derived input sets are made on the host" $W/ablate.err | sort | uniq -c
cp $W/ablate.out $W/ablate.err $d/ 2>/dev/null; tar czf $R/ablate-live-default.tgz -C $W ablate-live-default
python3 scripts/phase_table.py $d | tee $R/phase_table.md

echo "== d. identical arms, 3 x 12 (at $(( $(date +%s) - T0 ))s, $(left) s left)"
if (( $(left) > 30 )); then
  s=$(date +%s)
  timeout $(( $(left) - 5 )) $B/bin/solver --data-dir $D calibrate --backend live \
    --problems softmax,layernorm,reduce --trials 12 \
    --out $R/calibrate-aa.json > $R/calibrate-aa.txt 2> $W/cal.err
  echo "(exit $?, $(( $(date +%s) - s )) s wall)"; cat $R/calibrate-aa.txt; tail -n 2 $W/cal.err
else
  echo "skipped: no time left"
fi
echo "== total $(( $(date +%s) - T0 ))s"
