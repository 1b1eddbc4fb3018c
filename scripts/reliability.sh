#!/usr/bin/env bash
# The fault suite on a GPU machine (the H200), in one call: the evidence for docs/reliability.md.
#
#   scripts/reliability.sh [BUILD_DIR]        (default: $SOLVER_BUILD_DIR, else build-gpu-static, else build)
#
# Needs from BUILD_DIR: engine/solver, engine/solver-gpu and tests/engine/fault_suite_gpu_test
# (a SOLVER_STATIC_DEPS=ON build runs on the H200 machine: docs/h200.md). Writes every log
# under $OUT/reliability/ if $OUT is set, else ./reliability-out/:
#   steps.txt                  one line per step: name, exit status, seconds
#   device.txt                 nvidia-smi -L and the driver
#   gpu_test.log               tests/gpu/fault_suite_gpu_test.cpp: every fault gated through the
#                              live backend, `ok` after each, then one loop track over the suite
#   fault_suite_gpu.md         that test's table (outcome per fault class, workers started)
#   fault_suite_ledger.jsonl   the loop track's ledger
#   problems_check.log         `solver problems check faults --problems-dir tests/data`
#                              (exit 1 is expected: every fault row fails)
#   memcheck_<variant>.log     compute-sanitizer --tool memcheck over the solver-gpu worker gating
#                              that variant (oob_write must show the invalid write; ok none)
# Every step is time-limited and the script goes on after a failing step; it exits 0 if every
# step did what it should, else 1.
#
#   scripts/reliability.sh --host [BUILD_DIR]  (no GPU) only the run-directory cases of
#                              docs/reliability.md: SOLVER_KILL_TRIALS (default 100) SIGKILLs of
#                              `solver ablate` at random points, each resumed and compared with an
#                              uninterrupted run (ledger AND measurements.json byte-identical), and
#                              SOLVER_CONCURRENCY_TRIALS (default 50) `--resume` started while the
#                              run still writes (must exit 2, the run's files intact). Needs
#                              tests/engine/kill_resume_test; logs kill_resume.log, figures.txt.
set -u

root="$(cd "$(dirname "$0")/.." && pwd)"
if [[ "${1:-}" == "--host" ]]; then
  build="${2:-${SOLVER_BUILD_DIR:-$root/build}}"
  out="${OUT:-$root/reliability-out}/reliability"
  mkdir -p "$out"
  test_bin="$build/tests/engine/kill_resume_test"
  [[ -x "$test_bin" ]] || { echo "missing $test_bin (cmake --build $build --target kill_resume_test)"; exit 1; }
  kills="${SOLVER_KILL_TRIALS:-100}" conc="${SOLVER_CONCURRENCY_TRIALS:-50}"
  t0=$SECONDS
  (cd "$root" && SOLVER_KILL_TRIALS="$kills" SOLVER_CONCURRENCY_TRIALS="$conc"      timeout 3000 "$test_bin" --no-colors --test-case='*SIGKILL*,*--resume started while*'      >"$out/kill_resume.log" 2>&1)
  rc=$?
  {
    echo "kill_resume_test (exit $rc, $((SECONDS - t0)) s): $kills SIGKILL trials, $conc concurrent-resume trials"
    grep -E "kill-and-resume:|resume-while-running:" "$out/kill_resume.log"
    grep -cE "^.*kill trial [0-9]+:" "$out/kill_resume.log" | sed 's/^/kill trials logged: /'
    grep -E "test cases:|assertions:" "$out/kill_resume.log"
  } | tee "$out/figures.txt"
  exit "$rc"
fi
build="${1:-${SOLVER_BUILD_DIR:-}}"
if [[ -z "$build" ]]; then
  if [[ -x "$root/build-gpu-static/engine/solver-gpu" ]]; then build="$root/build-gpu-static"
  else build="$root/build"; fi
fi
out="${OUT:-$root/reliability-out}/reliability"
mkdir -p "$out"
cd "$root"

solver="$build/engine/solver"
worker="$build/engine/solver-gpu"
gpu_test="$build/tests/engine/fault_suite_gpu_test"
sanitizer="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"
status=0

# step NAME LIMIT_S EXPECTED_RC COMMAND...: runs COMMAND under `timeout`, output to NAME.log.
step() {
  local name="$1" limit="$2" want="$3"
  shift 3
  local t0=$SECONDS rc
  echo "== $name (limit ${limit}s): $*"
  timeout --kill-after=15 "$limit" "$@" >"$out/$name.log" 2>&1
  rc=$?
  local verdict="ok"
  [[ "$rc" != "$want" ]] && verdict="UNEXPECTED (wanted $want)" && status=1
  [[ "$rc" == 124 || "$rc" == 137 ]] && verdict="TIMED OUT" && status=1
  echo "$name: exit $rc, $((SECONDS - t0)) s, $verdict" | tee -a "$out/steps.txt"
}

: >"$out/steps.txt"
{ nvidia-smi -L; nvidia-smi --query-gpu=driver_version,name --format=csv; } >"$out/device.txt" 2>&1 || true

for f in "$solver" "$worker" "$gpu_test"; do
  [[ -x "$f" ]] || { echo "missing $f (build it first)" | tee -a "$out/steps.txt"; status=1; }
done

# 1. The GPU test: each fault's outcome through the live backend, recovery, the loop.
if [[ -x "$gpu_test" && -x "$worker" ]]; then
  SOLVER_FAULTS_REPORT="$out" SOLVER_GPU_WORKER="$worker" \
    step gpu_test 900 0 "$gpu_test" --success=false --no-colors
  grep -q "SKIP" "$out/gpu_test.log" && { echo "gpu_test: SKIPPED (no GPU?)" | tee -a "$out/steps.txt"; status=1; }
fi

# 2. `solver problems check` (the CLI path: validation, NVRTC, gate). The live backend looks for
# solver-gpu next to the solver binary, so both are copied into one folder.
bin="$(mktemp -d)"
if [[ -x "$solver" && -x "$worker" ]]; then
  cp "$solver" "$worker" "$bin/"
  step problems_check 900 1 "$bin/solver" problems check faults --problems-dir tests/data
fi

# 3. compute-sanitizer memcheck over the worker gating oob_write, then ok: proof that the
# out-of-bounds write is real and that the correct kernel is clean.
if [[ -x "$worker" ]] && command -v "$sanitizer" >/dev/null 2>&1; then
  for v in oob_write ok; do
    printf '%s\n%s\n%s\n' '{"id":1,"op":"hello"}' \
      "{\"id\":2,\"op\":\"gate\",\"variant\":{\"problem\":\"faults\",\"variant\":\"$v\",\"knobs\":{}},\"input_sets\":2}" \
      '{"id":3,"op":"quit"}' >"$out/memcheck_$v.requests"
    want=0
    step "memcheck_$v" 600 "$want" bash -c \
      "\"$sanitizer\" --tool memcheck --print-limit 20 --error-exitcode 0 \"$worker\" --serve \
         --problems-root tests/data --chips rules/chips.yaml --timeout-ms 60000 <\"$out/memcheck_$v.requests\""
  done
  if grep -q "Invalid __global__ write" "$out/memcheck_oob_write.log"; then
    echo "memcheck oob_write: invalid global write reported (expected)" | tee -a "$out/steps.txt"
  else
    echo "memcheck oob_write: NO invalid write reported (unexpected)" | tee -a "$out/steps.txt"; status=1
  fi
  if grep -q "ERROR SUMMARY: 0 errors" "$out/memcheck_ok.log"; then
    echo "memcheck ok: 0 errors (expected)" | tee -a "$out/steps.txt"
  else
    echo "memcheck ok: errors or no summary (unexpected)" | tee -a "$out/steps.txt"; status=1
  fi
else
  echo "compute-sanitizer or the worker not found: memcheck skipped" | tee -a "$out/steps.txt"
  status=1
fi
rm -rf "$bin"

echo
cat "$out/steps.txt"
[[ -f "$out/fault_suite_gpu.md" ]] && { echo; cat "$out/fault_suite_gpu.md"; }
exit "$status"
