#!/usr/bin/env bash
# fresh5's live probe (issue 29): the fifth fresh held-out batch (tests/corpus_fresh5, 14
# kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh).
# Usage: probe_fresh5.sh [SECONDS, default 120, capped at 200]. Everything under
# $OUT/probe_fresh5/; the verdict line last: "probe_fresh5: ... failures N".
set -u
BATCH=fresh5
LIM=${1:-120}
[ "$LIM" -gt 200 ] && LIM=200
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
