#!/usr/bin/env bash
# fresh7's live probe (issue 29): the seventh fresh held-out batch (tests/corpus_fresh7, 14
# kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh).
# Usage: probe_fresh7.sh [SECONDS, default 150, capped at 240]. Everything under
# $OUT/probe_fresh7/; the verdict line last: "probe_fresh7: ... failures N".
set -u
BATCH=fresh7
LIM=${1:-150}
[ "$LIM" -gt 240 ] && LIM=240
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
