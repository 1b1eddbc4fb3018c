#!/usr/bin/env bash
# fresh16's live probe (issue 29, helper f16): the sixteenth fresh held-out batch (tests/corpus_fresh16,
# 4 kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh): compile,
# float64 reference, the gate's input sets, one process for the batch; nothing is classified or
# profiled, so the batch stays held out for its first score (scripts/gpu/run.sh corpus_fresh16).
# Usage: probe_fresh16.sh [SECONDS, default 150, capped at 240]. Everything under
# $OUT/probe_fresh16/; the verdict line last: "probe_fresh16: ... failures N".
# Predicted: failures 0 in 30-120 s (unmeasured). The batch's inputs are ~80 MB over four
# folders (the upscale's 32 MB map and its 134 MB output with a 268 MB float64 reference lead,
# then the WKV's four 8 MB token arrays, the convolution's 8 MB of weights, the argsort's 2 MB of
# logits); the slowest launches are the transposed convolution's (~1.5-2.5 ms each: 38,400 window
# tests per output) and the WKV's (~0.3-0.5 ms: 512 sequential tokens). A failure, if any, is
# most likely a reference argued from the code and a host emulation on reduced sizes
# (scripts/host_emu/run_fresh16.sh): the WKV's outputs at rtol 1e-4 / atol 1e-3 (a float state
# carried over 512 tokens against float64; the decay law is kept in [0.5, 0.95], dist_fixed, so
# the state stays bounded; an adversarial set that moved it toward 1 would let the state grow),
# the convolution's 1,024-term float sums at rtol 1e-4 / atol 5e-4, or the argsort's ties (its
# reference runs the same network, so ties are ordered alike; exact). The upscale copies exactly.
set -u
BATCH=fresh16
LIM=${1:-150}
[ "$LIM" -gt 240 ] && LIM=240
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
