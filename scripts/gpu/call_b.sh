#!/usr/bin/env bash
# Device call B of 2026-12-01: the six-problem live ablations (12 rounds, both tracks, the
# best-static OFF baseline) with the default rules and with the seed's rules; each run
# directory is packed into one archive under $OUT.
set -u
R=${OUT:-/tmp/call-b}; mkdir -p "$R"
B=${SOLVER_BUNDLE:-.carry/lead}; D=$B/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
P=matmul,softmax,layernorm,reduce,matmul_scalar,sigmoid
T0=$(date +%s)
for t in default seed; do
  rules=$D/rules/rules.yaml; [ $t = seed ] && rules=$D/rules/seed.yaml
  d=/tmp/call-b/ablate-live-$t; rm -rf "$d"; mkdir -p /tmp/call-b
  echo "== live ablate, $t rules (at $(( $(date +%s) - T0 ))s)"
  s=$(date +%s)
  timeout ${ABL_LIMIT:-240} $B/bin/solver --data-dir $D ablate --backend live --problems $P --rounds 12 \
    --rules "$rules" --out "$d" > /tmp/call-b/ablate-$t.out 2> /tmp/call-b/ablate-$t.err
  echo "(exit $?, $(( $(date +%s) - s )) s wall)"
  cat /tmp/call-b/ablate-$t.out
  tail -n 3 /tmp/call-b/ablate-$t.err
  cp /tmp/call-b/ablate-$t.out /tmp/call-b/ablate-$t.err "$d/" 2>/dev/null
  tar czf "$R/ablate-live-$t.tgz" -C /tmp/call-b "ablate-live-$t" 2>/dev/null
done
echo "== total $(( $(date +%s) - T0 ))s"
