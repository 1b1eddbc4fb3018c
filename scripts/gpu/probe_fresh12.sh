#!/usr/bin/env bash
# fresh12's live probe (issue 29, helper h29p): the twelfth fresh held-out batch (tests/corpus_fresh12,
# 12 kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh): compile,
# float64 reference, the gate's input sets, one process for the batch; nothing is classified or
# profiled, so the batch stays held out for its first score (scripts/gpu/run.sh corpus_fresh12).
# Usage: probe_fresh12.sh [SECONDS, default 150, capped at 240]. Everything under
# $OUT/probe_fresh12/; the verdict line last: "probe_fresh12: ... failures N".
# Predicted: failures 0 in 60-200 s (unmeasured; the insertion sort's ~10 ms launches and its
# one-thread-per-column float64 reference, the 2-3 ms distance matrix and its 512 MB float64
# reference, the bilateral filter's ~2 ms and su3_bench's 1.2 GB lead).
set -u
BATCH=fresh12
LIM=${1:-150}
[ "$LIM" -gt 240 ] && LIM=240
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
