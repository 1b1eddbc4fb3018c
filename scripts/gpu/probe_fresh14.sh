#!/usr/bin/env bash
# fresh14's live probe (issue 29, helper f14): the fourteenth fresh held-out batch (tests/corpus_fresh14,
# 4 kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh): compile,
# float64 reference, the gate's input sets, one process for the batch; nothing is classified or
# profiled, so the batch stays held out for its first score (scripts/gpu/run.sh corpus_fresh14).
# Usage: probe_fresh14.sh [SECONDS, default 150, capped at 240]. Everything under
# $OUT/probe_fresh14/; the verdict line last: "probe_fresh14: ... failures N".
# Predicted: failures 0 in 30-120 s (unmeasured). The batch's inputs are ~150 MB over four folders
# (darknet's 44 MB activations, gcd's two 32 MB int32 tensors, scatter_reduce's 34 MB of
# features and 1 MB of ids, the bilinear kernel's 2 MB map),
# so the tolerance lint's echoes are cheap. A failure, if any, is most likely a tolerance or a
# reference argued from the code and a host emulation on reduced sizes (scripts/host_emu/run_fresh14.sh): the bilinear
# output against float64 at rtol/atol 1e-5 (four products of N(0, 1) values, float rounding
# ~1e-7 relative; safe unless the gate's adversarial sets use large magnitudes, then the atol
# would be the culprit), darknet's means at rtol 1e-4 / atol 1e-5 (86528 float additions per
# mean; a set with a mean near 0 and a large spread could exceed the atol), or the gcd reference
# (Stein's binary gcd, exact; an adversarial set with INT_MIN would overflow abs() in the kernel
# as in PyTorch, and the reference's 64-bit magnitudes would then disagree; the inputs keep their
# law, dist_fixed, for that reason). scatter_reduce's max is exact and order-free; a NaN in an
# adversarial set would split fmaxf (the kernel) from the reference's comparison.
set -u
BATCH=fresh14
LIM=${1:-150}
[ "$LIM" -gt 240 ] && LIM=240
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
