#!/usr/bin/env bash
# fresh11's live probe (issue 29, helper h29o): the eleventh fresh held-out batch (tests/corpus_fresh11,
# 12 kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh): compile,
# float64 reference, the gate's input sets, one process for the batch; nothing is classified or
# profiled, so the batch stays held out for its first score (scripts/gpu/run.sh corpus_fresh11).
# Usage: probe_fresh11.sh [SECONDS, default 150, capped at 240]. Everything under
# $OUT/probe_fresh11/; the verdict line last: "probe_fresh11: ... failures N".
# Predicted: failures 0 in 60-180 s (unmeasured; the segment sum's 1-8 ms launches and its
# one-block-per-output float64 reference, the Pointnet2 kernels' ~1 ms and the 8192^2 copy lead).
set -u
BATCH=fresh11
LIM=${1:-150}
[ "$LIM" -gt 240 ] && LIM=240
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
