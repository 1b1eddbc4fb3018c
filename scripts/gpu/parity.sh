#!/usr/bin/env bash
# One run, both sides (issue 33): solver's kept kernel of each problem and PyTorch's op (eager
# and torch.compile, at the kept kernel's precision class), timed in ONE Python process by
# bench/parity.py: the kept kernel is exported by `solver problems export` (NVRTC cubin + launch
# JSON) and launched through the CUDA driver API (ctypes) on torch tensors, same inputs where the
# buffers are the op's, same L2 flush, same CUDA-event timing, same samples.
#
# Which kernel is "kept": the ON track's best of an ablation run directory. $PARITY_RUN names
# one (e.g. the live ablation of this call); without it this script first runs the offline
# ablation of $PARITY_PROBLEMS on the bundle's recording (12 rounds, seconds, no GPU) and uses
# that (PARITY_RECORDING=FILE: on that recording instead, e.g. the record step's of the same
# call; PARITY_ABLATE_BACKEND=live: a live ablation here, for a chip the recording is not of). $PARITY_VARIANTS="p=key,..." overrides single problems; PARITY_RUN=none takes only those.
#
# Output under $OUT: parity.json (rewritten after every problem), parity.log, ablate/ (when made
# here), parity_table.md (scripts/results_table.py --parity: the docs/results.md table).
# Environment: SOLVER_BUNDLE, PARITY_PROBLEMS (default: every built-in problem), PARITY_SAMPLES
# (30), PARITY_LIMIT_S (this script's wall limit, run.sh's step sets it: the Python part gets
# what the ablation left of it, less 10 s), PARITY_BUDGET_S (the Python part's seconds, instead;
# 400 when neither is set). bench/parity.py times solver, eager and the check of every problem
# first (seconds), then torch.compile (default mode; PARITY_COMPILE_MODE=max-autotune costs
# minutes) where it can turn the verdict first, each only while the slowest compile so far
# (PARITY_COMPILE_EST_S, 20, before the first) still fits: a skipped one says so in its row.
# PARITY_COMPILE_PROCS=N: before the compile pass, N processes compile the same ops on tensors
# of the same shapes in parallel, so the timed process's compiles load from inductor's caches
# (nothing is timed while they run). PARITY_NO_COMPILE=1, PARITY_EXPORTED (a folder of earlier exports to use instead of `solver
# problems export`), PARITY_PROBLEMS_DIR (the problems PyTorch reads sizes from).
set -u
OUT=${OUT:-/tmp/solver-parity}; mkdir -p "$OUT"
B=${SOLVER_BUNDLE:-.carry/lead}
D=$B/share/solver
S=$B/bin/solver
problems=${PARITY_PROBLEMS:-$(ls "$D/problems" | tr '\n' ',' | sed 's/,$//')}
limit=${PARITY_LIMIT_S:-}
t_start=$(date +%s)
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader 2>&1 | head -1)"
run=${PARITY_RUN:-}
if [ "$run" = none ]; then
  run=""  # only the keys of $PARITY_VARIANTS
elif [ -z "$run" ]; then
  run=$OUT/ablate
  s=$(date +%s)
  # The backend is named: `auto` (before) ran this ablation live on the GPU machine, minutes
  # for 8 problems, and 120 s cut it (docs/results/h100-2026-12-05c, call5: nothing timed).
  # PARITY_ABLATE_BACKEND=live measures the loop on this GPU instead (a chip not recorded).
  timeout "${PARITY_ABLATE_S:-240}" "$S" --data-dir "$D" ablate \
    --backend "${PARITY_ABLATE_BACKEND:-recorded}" --problems "$problems" --rounds 12 --out "$run" \
    ${PARITY_RECORDING:+--recording "$PARITY_RECORDING"} \
    >"$OUT/ablate.out" 2>"$OUT/ablate.err"
  echo "ablation (${PARITY_ABLATE_BACKEND:-recorded}) of $problems: exit $? in $(( $(date +%s) - s )) s ($run)"
fi
s=$(date +%s)
if [ -n "${PARITY_BUDGET_S:-}" ]; then
  budget=$PARITY_BUDGET_S; pylimit=$((budget + 60))
elif [ -n "$limit" ]; then
  pylimit=$((limit - (s - t_start) - 5)); budget=$((pylimit - 10))
else
  budget=400; pylimit=460
fi
[ "$pylimit" -lt 10 ] && pylimit=10
echo "bench/parity.py: ${budget} s budget (torch.compile within it), killed at ${pylimit} s"
TORCHINDUCTOR_CACHE_DIR=${TORCHINDUCTOR_CACHE_DIR:-/tmp/torchinductor-solver} \
  timeout "$pylimit" python3 bench/parity.py --solver "$S" --data-dir "$D" ${run:+--run "$run"} \
  --problems "$problems" ${PARITY_VARIANTS:+--variants "$PARITY_VARIANTS"} \
  ${PARITY_EXPORTED:+--exported "$PARITY_EXPORTED"} ${PARITY_PROBLEMS_DIR:+--problems-dir "$PARITY_PROBLEMS_DIR"} \
  --samples "${PARITY_SAMPLES:-30}" --budget-s "$budget" ${PARITY_NO_COMPILE:+--no-compile} \
  ${PARITY_COMPILE_MODE:+--compile-mode "$PARITY_COMPILE_MODE"} ${PARITY_COMPILE_EST_S:+--compile-est-s "$PARITY_COMPILE_EST_S"} \
  ${PARITY_COMPILE_PROCS:+--compile-procs "$PARITY_COMPILE_PROCS"} \
  --call "${PARITY_CALL:-scripts/gpu/parity.sh $(git rev-parse --short HEAD 2>/dev/null) $(date -u +%FT%TZ)}" \
  --out "$OUT/parity.json" --work "$OUT/export"
rc=$?
echo "(parity exit $rc, $(( $(date +%s) - s )) s)"
if [ -z "$run" ]; then
  echo "table: not made (no ablation run to join: PARITY_RUN=none)"
elif python3 scripts/results_table.py --run "$run" --parity "$OUT/parity.json" \
    --problems-dir "$D/problems" >"$OUT/parity_table.md" 2>&1; then
  echo "table: $OUT/parity_table.md"
else
  echo "table failed:"; tail -3 "$OUT/parity_table.md"
fi
exit $rc
} 2>&1 | tee "$OUT/parity.log"
exit "${PIPESTATUS[0]}"
