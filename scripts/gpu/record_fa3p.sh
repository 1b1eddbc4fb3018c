#!/usr/bin/env bash
# Issue 33: put attention_bf16's fa3p and fa3p_persistent back in the pool (their problem.yaml
# entries of commit 37661663, scripts/gpu/probe_h33a/fa3p_pool.patch) and record their 12 points
# into a copy of tests/data/recordings/h200.json, on an H200 ONLY (the recording is the H200's).
# The gate's lint of the 33.5 M-element output is slow, so the step gets a call of its own.
# Usage (device, tree root, bundle unpacked in $SOLVER_BUNDLE): scripts/gpu/record_fa3p.sh
# Then commit $OUT/rec/record/recording.json as tests/data/recordings/h200.json together with the
# patch applied to problems/attention_bf16/problem.yaml (h200_recording_test checks that every
# point of a pool is recorded), and run the parity step for attention_bf16.
# PREDICTED (docs/problems.md, h33a's probe): fa3p[BN=128,HG=8,STAGES=2] ~0.46 ms against SDPA's
# FlashAttention backend 0.92 ms and cuDNN 0.51 ms; unrun as a recording.
set -u
OUT=${OUT:-/tmp/record-fa3p}
if ! nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  echo "record_fa3p: not an H200 ($(nvidia-smi --query-gpu=name --format=csv,noheader)); nothing recorded"
  exit 3
fi
git apply scripts/gpu/probe_h33a/fa3p_pool.patch || { echo "record_fa3p: the patch does not apply"; exit 2; }
cp -r problems/attention_bf16/. "$SOLVER_BUNDLE/share/solver/problems/attention_bf16/"
mkdir -p "$OUT/rec"
RECORD_BASE=tests/data/recordings/h200.json PROBLEMS=attention_bf16 RECORD_CAP_S=570 BUDGET_S=580 \
  OUT="$OUT/rec" timeout 585 bash scripts/gpu/run.sh record >"$OUT/rec/run.log" 2>&1
rc=$?
tail -n 5 "$OUT/rec/run.log"
echo "record_fa3p: exit $rc"
