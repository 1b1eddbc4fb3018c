#!/usr/bin/env bash
# Device call H (2026-12-01, third session): the rest of matmul_1024's recording (call G's step
# ran out of time after 105 of 147 points; `record --merge` skips what is recorded), then issue
# 19's two live matmul ablations from the naive seed (12 rounds; --precision any: the TF32 walk,
# --precision same: the FP32 CUDA-core walk), each best against cuBLAS measured in the same run
# (summary.json floors_us). Under $OUT: h200.json, steps.txt, ablate-{any,same}.tgz.
set -u
R=${OUT:-/tmp/call-h}; mkdir -p "$R"
B=${SOLVER_BUNDLE:-.carry/dyn}; D=$B/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
T0=$(date +%s)
PROBLEMS=matmul_1024 BUDGET=${REC_BUDGET:-110} LIMIT=105 OUT=$R bash scripts/gpu/call_g.sh > /dev/null 2>&1
mv $R/steps.txt $R/record_steps.txt; rm -f $R/record_logs.tgz $R/h200.json.lock
cat $R/record_steps.txt
W=/tmp/call-h; mkdir -p $W
for prec in any same; do
  s=$(date +%s)
  timeout ${ABL_LIMIT:-85} $B/bin/solver --data-dir $D ablate --backend live --problems matmul --rounds 12 \
    --precision $prec --out $W/ablate-$prec > $W/ablate-$prec.out 2>&1
  echo "== ablate --precision $prec: exit $?, $(( $(date +%s) - s )) s"; grep -E "^matmul|matmul:|changed" $W/ablate-$prec.out
  cp $W/ablate-$prec.out $W/ablate-$prec/ 2>/dev/null; tar czf $R/ablate-$prec.tgz -C $W ablate-$prec
done
echo "== total $(( $(date +%s) - T0 ))s"
