#!/usr/bin/env bash
# Device call D of 2026-12-01 (second session): the labelled suite live and from one ncu export
# (scripts/gpu/labelled.sh, issue 11), then the external generator live (scripts/gpu/generator.sh,
# issue 16). Results packed under $OUT (the device tool returns at most 8 files).
set -u
R=${OUT:-/tmp/call-d}; mkdir -p "$R"
T0=$(date +%s)
echo "== labelled (at 0s)"
OUT=/tmp/lab timeout ${LAB_LIMIT:-300} bash scripts/gpu/labelled.sh > /tmp/lab-stdout.log 2>&1
echo "(exit $?, $(( $(date +%s) - T0 ))s)"; tail -n 12 /tmp/lab-stdout.log
cp /tmp/lab-stdout.log /tmp/lab/ 2>/dev/null
tar czf "$R/labelled.tgz" -C /tmp lab 2>/dev/null
for f in eval_live.txt eval_ncu.txt confirm.txt; do cp /tmp/lab/$f "$R/" 2>/dev/null; done
echo "== generator (at $(( $(date +%s) - T0 ))s)"
OUT=/tmp/gen timeout ${GEN_LIMIT:-250} bash scripts/gpu/generator.sh > /tmp/gen-stdout.log 2>&1
echo "(exit $?, $(( $(date +%s) - T0 ))s)"; tail -n 25 /tmp/gen-stdout.log
mkdir -p /tmp/gen; cp /tmp/gen-stdout.log /tmp/gen/
tar czf "$R/generator.tgz" -C /tmp gen 2>/dev/null
echo "== total $(( $(date +%s) - T0 ))s"
