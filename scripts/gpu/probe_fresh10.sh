#!/usr/bin/env bash
# fresh10's live probe (issue 29, helper h29n): the tenth fresh held-out batch (tests/corpus_fresh10,
# 12 kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh): compile,
# float64 reference, the gate's input sets, one process for the batch; nothing is classified or
# profiled, so the batch stays held out for its first score (scripts/gpu/run.sh corpus_fresh10).
# Usage: probe_fresh10.sh [SECONDS, default 150, capped at 240]. Everything under
# $OUT/probe_fresh10/; the verdict line last: "probe_fresh10: ... failures N".
set -u
BATCH=fresh10
LIM=${1:-150}
[ "$LIM" -gt 240 ] && LIM=240
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
