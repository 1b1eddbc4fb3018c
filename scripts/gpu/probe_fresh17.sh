#!/usr/bin/env bash
# fresh17's live probe (issue 29, helper f17): the seventeenth fresh held-out batch (tests/corpus_fresh17,
# 3 kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh): compile,
# float64 reference, the gate's input sets, one process for the batch; nothing is classified or
# profiled, so the batch stays held out for its first score (scripts/gpu/run.sh corpus_fresh17).
# Usage: probe_fresh17.sh [SECONDS, default 150, capped at 240]. Everything under
# $OUT/probe_fresh17/; the verdict line last: "probe_fresh17: ... failures 0".
# Predicted: failures 0 in 30-120 s (unmeasured). The batch's inputs are ~350 MB (the top-p
# cumsum's 131 MB of probabilities with a 131 MB output and a 263 MB float64 reference lead,
# then the 2-D NLL's 155 MB of log-probabilities and 15 MB of targets, the image scan's 50 MB);
# the slowest launches are the references (the top-p cumsum's one-row-per-thread reference,
# ~40-80 ms each: 256 threads walking 128256 columns) and the outer scan itself (~0.35-1.2 ms:
# 2048 dependent round trips per thread). A failure, if any, is most likely a tolerance argued
# from the code and a host emulation on reduced sizes (scripts/host_emu/run_fresh17.sh): the
# top-p cumsum at rtol 1e-4 / atol 1e-4 (126 carried block totals in float, sums up to ~1), the
# image scan's 2048-term float sums at rtol 1e-4 / atol 1e-2, or the NLL's float partials and
# atomics (1.8M terms, eight block sums) at rtol 1e-4 / atol 1; every input keeps its law
# (dist_fixed), so no adversarial set brings cancellation or out-of-range class indices.
set -u
BATCH=fresh17
LIM=${1:-150}
[ "$LIM" -gt 240 ] && LIM=240
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
