#!/usr/bin/env bash
# fresh8's live probe (issue 29): the eighth fresh held-out batch (tests/corpus_fresh8, 14
# kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh).
# Usage: probe_fresh8.sh [SECONDS, default 150, capped at 240]. Everything under
# $OUT/probe_fresh8/; the verdict line last: "probe_fresh8: ... failures N".
set -u
BATCH=fresh8
LIM=${1:-150}
[ "$LIM" -gt 240 ] && LIM=240
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
