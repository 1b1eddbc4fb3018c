#!/usr/bin/env bash
# fresh13's live probe (issue 29, helper f13): the thirteenth fresh held-out batch (tests/corpus_fresh13,
# 12 kernels) through the correctness gate on the H200 (scripts/gpu/lib/fresh_gate.sh): compile,
# float64 reference, the gate's input sets, one process for the batch; nothing is classified or
# profiled, so the batch stays held out for its first score (scripts/gpu/run.sh corpus_fresh13).
# Usage: probe_fresh13.sh [SECONDS, default 230, capped at 240]. Everything under
# $OUT/probe_fresh13/; the verdict line last: "probe_fresh13: ... failures N".
# Predicted: failures 0 in 90-230 s (unmeasured). The gate's time is the tolerance lint's echoes,
# ~(echoes) x (input bytes + output elements) (docs/results/h100-2026-12-06b: ginkgo_cg_step2's
# 537 MB of inputs, 105 s); this batch's inputs are ~0.7 GB over twelve folders, the largest
# BabelStream's dot (134 MB, a reduction to 528 sums, so possibly the law mode's class echoes),
# yadif's three planes, the t-SNE COO arrays and the histogram's updates (~100 MB each). A
# failure, if any, is most likely a tolerance the labels' author could only argue on the host
# (scripts/host_emu/run_fresh13.sh, reduced sizes), not measure: the t-SNE forces and the
# histogram (float atomics in any order, rtol and atol 1e-4) or the CTC alphas (400 steps of
# float log-sum-exp, rtol 1e-4, atol 1e-3).
set -u
BATCH=fresh13
LIM=${1:-230}
[ "$LIM" -gt 240 ] && LIM=240
# shellcheck source=lib/fresh_gate.sh
source "$(dirname "$0")/lib/fresh_gate.sh"
