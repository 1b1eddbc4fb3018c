#!/usr/bin/env bash
# fresh3's live probe (issue 29): the third fresh held-out batch (tests/corpus_fresh3, 13
# kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh).
# Usage: probe_fresh3.sh [SECONDS, default 40, capped at 40]. Everything under
# $OUT/probe_fresh3/; the verdict line last: "probe_fresh3: ... failures N".
set -u
BATCH=fresh3
LIM=${1:-40}
[ "$LIM" -gt 40 ] && LIM=40
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
