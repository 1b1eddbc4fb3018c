#!/usr/bin/env bash
# fresh15's live probe (issue 29, helper f15): the fifteenth fresh held-out batch (tests/corpus_fresh15,
# 5 kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh): compile,
# float64 reference, the gate's input sets, one process for the batch; nothing is classified or
# profiled, so the batch stays held out for its first score (scripts/gpu/run.sh corpus_fresh15).
# Usage: probe_fresh15.sh [SECONDS, default 150, capped at 240]. Everything under
# $OUT/probe_fresh15/; the verdict line last: "probe_fresh15: ... failures N".
# Predicted: failures 0 in 40-150 s (unmeasured). The batch's inputs are ~420 MB over five
# folders (the 16M-node list jump's four 64 MB arrays lead, then the float HSV frame's 100 MB,
# the byte HSV frame's 25 MB, the 1M-node chase's 12 MB, the template image's 8 MB); the jump's
# float64 reference passes (ranked and pong as doubles, 256 MB) and the chase reference's 2048
# walkers (~0.1-0.3 ms a pass) are the slow parts. A failure, if any, is most likely a reference
# argued from the code and a host emulation on reduced sizes (scripts/host_emu/run_fresh15.sh):
# the float HSV hue at rtol 1e-5 / atol 1e-4 (a float quotient against float64; inputs keep
# their [0, 1) law, dist_fixed, so the hue sectors agree), the template sums at the same
# tolerance (256 squares summed in float, ~2e-6 relative), or an index law: the chase and jump
# read node indices from `cycle` pointers and `randint` start nodes kept in [0, n) (dist_fixed);
# an adversarial set that broke either would read out of bounds in kernel and reference alike.
# The byte HSV output and both list outputs are exact.
set -u
BATCH=fresh15
LIM=${1:-150}
[ "$LIM" -gt 240 ] && LIM=240
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
