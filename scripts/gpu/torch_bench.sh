#!/usr/bin/env bash
# PyTorch's side of docs/results.md on the H200 (PyTorch is installed there), from the repo
# root: bench/torch_reference.py over all 17 problems at the sizes in problems/*/problem.yaml,
# eager and torch.compile, FP32 with TF32 off, L2 flushed before each sample, CUDA events,
# median of $TORCH_SAMPLES. Output: $OUT/torch_reference.json (rewritten after every problem,
# so a timeout keeps what finished) and $OUT/torch_bench.log. Under 3 minutes: the Python
# budget skips torch.compile once fewer than 30 s remain, and `timeout` stops it at 170 s.
#
# How to judge it (torch_bench.log): one line per problem, "NAME: ok eager X us, compile Y us"
# or "compile skipped (reason)"; a problem missing from this checkout reads "skipped: ...
# does not exist". Then, with an ablation run directory of the same problems:
#   python3 scripts/results_table.py --run RUN --torch $OUT/torch_reference.json \
#       --notes docs/results/notes.json --update docs/results.md
set -u
OUT=${OUT:-/tmp/solver-torch}; mkdir -p "$OUT"
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader 2>&1 | head -1)"
python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, "device", torch.cuda.get_device_name(0))'
s=$(date +%s)
# Inductor's caches stay inside $OUT's sibling, not in the checkout.
TORCHINDUCTOR_CACHE_DIR=${TORCHINDUCTOR_CACHE_DIR:-/tmp/torchinductor-solver} \
  timeout 170 python3 bench/torch_reference.py --out "$OUT/torch_reference.json" \
  --samples "${TORCH_SAMPLES:-30}" --budget-s "${TORCH_BUDGET_S:-150}" ${TORCH_PROBLEMS:+--problems "$TORCH_PROBLEMS"}
echo "(torch_reference exit $?, $(( $(date +%s) - s )) s)"
} 2>&1 | tee "$OUT/torch_bench.log"
