#!/bin/bash
# One device call on the H200: the recording of all six pools (the recorded backend's default),
# the CUPTI-vs-ncu collection cost, and a live ablation. Run from the repo root with the static
# bundle installed in .carry/lead (cmake --install <static build> --prefix .carry/lead).
# Every step is time-limited and the next one runs whatever the last did. Logs go to $OUT.
set -u
OUT=${OUT:-/tmp/solver-h200}; mkdir -p "$OUT"
B=.carry/lead/bin; D=.carry/lead/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache-$(id -u) LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
t0=$(date +%s%N)
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader)"
echo "== record (all six pools)"
s=$(date +%s%N)
timeout ${REC_LIMIT:-250} $B/solver --data-dir $D record --problems matmul,matmul_scalar,softmax,layernorm,reduce,sigmoid \
  --samples 20 --out "$OUT/h200.json"
echo "(record exit $?, $(ms $s) ms)"
echo "== collection cost: solver-gpu profile vs ncu --metrics <same default set>, sigmoid vec4"
req() { printf '%s\n' "$@" | timeout 60 $B/solver-gpu --serve --problems-root $D/problems --chips $D/rules/chips.yaml --cache-dir $SOLVER_CACHE_DIR; }
req '{"id":1,"op":"profile","variant":{"problem":"sigmoid","variant":"vec4"},"samples":5}' > "$OUT/profile_vec4.json"
grep -o '"passes":[0-9]*\|"collection_ms":[0-9.]*\|"setup_ms":[0-9.]*' "$OUT/profile_vec4.json" | head -5
s=$(date +%s%N); req '{"id":1,"op":"time","variant":{"problem":"sigmoid","variant":"vec4"},"samples":1,"seed":3}' >/dev/null
echo "worker time op alone: $(ms $s) ms"
s=$(date +%s%N)
printf '%s\n' '{"id":1,"op":"time","variant":{"problem":"sigmoid","variant":"vec4"},"samples":1,"seed":3}' | \
  timeout 120 ncu --clock-control none --metrics "$(cat .carry/lead/metrics.txt)" -k regex:sigmoid_vec4 -c 1 --csv --page raw \
  $B/solver-gpu --serve --problems-root $D/problems --chips $D/rules/chips.yaml --cache-dir $SOLVER_CACHE_DIR > "$OUT/ncu_vec4.csv" 2>&1
echo "(ncu exit $?) ncu-wrapped time op: $(ms $s) ms"
echo "== live ablate (default rules)"
timeout ${ABL_LIMIT:-200} $B/solver --data-dir $D ablate --backend live --problems softmax,layernorm,reduce,matmul_scalar \
  --rounds 12 --out "$OUT/ablate_live" --quiet
echo "(ablate exit $?)"
echo "== total $(ms $t0) ms"
} 2>&1 | tee "$OUT/session.log"
cd "$OUT" && tar czf ablate_live.tgz ablate_live 2>/dev/null; rm -rf "$OUT/ablate_live"
