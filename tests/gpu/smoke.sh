#!/bin/bash
# GPU smoke of the worker and the live backend, run on the GPU machine from the repo root with
# the static build installed under $SOLVER_BUNDLE (default .carry/solver; docs/gpu-backend.md
# says how) and the gpu test binary at $SOLVER_BUNDLE/tests/live_backend_gpu_test (or
# .carry/tests/). Logs go to $OUT (or /tmp/solver-smoke).
# `smoke.sh check` runs only the gpu test and `solver problems check` (with a longer limit).
MODE=${1:-all}
set -u
OUT=${OUT:-/tmp/solver-smoke}
mkdir -p "$OUT"
BUNDLE=${SOLVER_BUNDLE:-.carry/solver}
BIN=$BUNDLE/bin
GPU_TEST=$BUNDLE/tests/live_backend_gpu_test
[ -x "$GPU_TEST" ] || GPU_TEST=.carry/tests/live_backend_gpu_test
export SOLVER_CACHE_DIR=/tmp/solver-cache
req() {  # one worker session: each argument is one request line
  printf '%s\n' "$@" | timeout 240 "$BIN/solver-gpu" --serve --problems-root problems \
    --chips rules/chips.yaml --cache-dir "$SOLVER_CACHE_DIR"
  echo "(worker exit status $?)"
}
{
  echo "== date: $(date -u +%FT%TZ)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv
  echo "== ldd solver (must not need libcuda, yaml-cpp, boost, libcrypto)"; ldd "$BIN/solver"
  echo "== ldd solver-gpu"; ldd "$BIN/solver-gpu"
  if [ "$MODE" = all ]; then
  echo "== worker: hello, ceilings, gate/time/profile sigmoid vec4"
  req '{"id":1,"op":"hello"}' '{"id":2,"op":"ceilings"}' \
      '{"id":3,"op":"gate","variant":{"problem":"sigmoid","variant":"vec4"},"input_sets":2,"seed":11}' \
      '{"id":4,"op":"time","variant":{"problem":"sigmoid","variant":"vec4"},"samples":10,"seed":11}' \
      '{"id":5,"op":"time_pairs","incumbent":{"problem":"sigmoid","variant":"naive"},"candidate":{"problem":"sigmoid","variant":"vec4"},"pairs":6,"seed":11}' \
      '{"id":6,"op":"profile","variant":{"problem":"sigmoid","variant":"vec4"},"samples":10}'
  fi
  echo "== gpu test: live backend + fault suite"
  LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-} SOLVER_TEST_WORKER="$PWD/$BIN/solver-gpu" \
    SOLVER_TEST_SOURCE_DIR="$PWD" SOLVER_CACHE_DIR=/tmp/solver-cache \
    timeout 240 "$GPU_TEST" -s
  echo "(gpu test exit status $?)"
  if [ "$MODE" = all ]; then
  for pv in "sigmoid naive" "matmul naive" "matmul wmma_tf32"; do
    set -- $pv
    echo "== solver classify --problem $1 --variant $2"
    timeout 120 "$BIN/solver" classify --problem "$1" --variant "$2"
    echo "(exit status $?)"
  done
  fi
  echo "== solver problems check (every variant of every allowed knob point, gated live)"
  timeout $([ "$MODE" = all ] && echo 200 || echo 330) "$BIN/solver" problems check --cache-dir "$SOLVER_CACHE_DIR"
  echo "(exit status $?)"
} 2>&1 | tee "$OUT/smoke.log"
