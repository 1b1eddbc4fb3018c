#!/usr/bin/env bash
# fresh13's live probe (issue 29, helper f13): the thirteenth fresh held-out batch (tests/corpus_fresh13,
# 12 kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh): compile,
# float64 reference, the gate's input sets, one process for the batch; nothing is classified or
# profiled, so the batch stays held out for its first score (scripts/gpu/run.sh corpus_fresh13).
# Usage: probe_fresh13.sh [SECONDS, default 150, capped at 240]. Everything under
# $OUT/probe_fresh13/; the verdict line last: "probe_fresh13: ... failures N".
# Predicted: failures 0 in 50-180 s (unmeasured; the 1-5 ms recursive Gaussian and its serial
# float64 reference, the stereo reference's 17 x 289 taps per pixel, the CTC reference's one
# thread per utterance, the 8K yadif planes and the histogram reference's 256 scans of 8.4M
# indices lead). A failure, if any, is most likely a tolerance the labels' authors could only
# argue, not measure: the t-SNE forces and the histogram (float atomics in any order, rtol and
# atol 1e-4) or the CTC alphas (400 steps of float log-sum-exp, rtol 1e-4, atol 1e-3).
set -u
BATCH=fresh13
LIM=${1:-150}
[ "$LIM" -gt 240 ] && LIM=240
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
