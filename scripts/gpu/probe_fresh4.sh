#!/usr/bin/env bash
# fresh4's live probe (issue 29): the fourth fresh held-out batch (tests/corpus_fresh4, 13
# kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh).
# Usage: probe_fresh4.sh [SECONDS, default 90, capped at 120]. Everything under
# $OUT/probe_fresh4/; the verdict line last: "probe_fresh4: ... failures N".
set -u
BATCH=fresh4
LIM=${1:-90}
[ "$LIM" -gt 120 ] && LIM=120
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
