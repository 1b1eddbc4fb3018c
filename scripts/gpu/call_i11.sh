#!/bin/bash
# Issue 11 on the H200, one device call (~8 min): the labelled suite live and from one ncu export
# (scripts/gpu/labelled.sh), the collection-cost table against ncu (scripts/gpu/metric_cost.sh),
# and the SASS instruction mix of the two Horner kernels (fp64_fma_chain, issue_bound_horner).
# Bundle: scripts/gpu/dyn_bundle.sh (.carry/dyn). Results in $OUT/{labelled,cost,sass}.
set -u
OUT=${OUT:-/tmp/solver-i11}
export SOLVER_BUNDLE=${SOLVER_BUNDLE:-.carry/dyn}
export LD_LIBRARY_PATH=$PWD/$SOLVER_BUNDLE/lib:/usr/local/cuda/lib64
mkdir -p "$OUT/sass"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > "$OUT/gpu.txt" 2>&1
for k in fp64_fma_chain issue_bound_horner; do
  timeout 60 nvcc -arch=sm_90 -cubin -o /tmp/$k.cubin tests/labelled/$k/kernel.cu &&
    timeout 60 cuobjdump -sass /tmp/$k.cubin > "$OUT/sass/$k.sass" &&
    grep -oE '^\s+/\*[0-9a-f]{4}\*/\s+[A-Z0-9.]+' "$OUT/sass/$k.sass" | awk '{print $2}' |
    sed 's/\..*//' | sort | uniq -c | sort -rn > "$OUT/sass/$k.mix.txt"
done
s=$(date +%s)
OUT=$OUT/labelled BUDGET_S=${LAB_LIMIT:-240} timeout ${LAB_LIMIT:-250} bash scripts/gpu/labelled.sh > "$OUT/labelled.log" 2>&1
echo "labelled: rc=$? $(( $(date +%s) - s )) s" >> "$OUT/timings.txt"
s=$(date +%s)
OUT=$OUT/cost timeout ${COST_LIMIT:-330} bash scripts/gpu/metric_cost.sh > "$OUT/cost.log" 2>&1
echo "metric_cost: rc=$? $(( $(date +%s) - s )) s" >> "$OUT/timings.txt"
cat "$OUT/timings.txt"; tail -5 "$OUT/labelled/eval_live.txt" "$OUT/labelled/eval_ncu.txt" 2>/dev/null
tail -3 "$OUT/labelled/confirm.txt" 2>/dev/null; tail -25 "$OUT/cost.log"
