#!/usr/bin/env bash
# fresh24's live probe (issue 29, helper f24): the twenty-fourth fresh held-out batch
# (tests/corpus_fresh24, 5 kernels) scored for the first time, bounded for one device call:
# scripts/gpu/suite_eval.sh's three steps on the batch -- 1. live `solver eval` (gate, CUPTI
# profile, classify each kernel; signals kept), 2. one ncu export of the five kernels (the
# rules' metric list plus every label's confirm: metrics), 3. the ncu path's verdicts and the
# labels' evidence (`--confirm-csv`) from that export. The labels were committed before this
# ran (commit 2e9bac3d, git log -- tests/corpus_fresh24); no rule is tuned on the result.
# Usage: probe_fresh24.sh [SECONDS, default 520, capped at 520 (LIM_CAP) so the whole call fits
# one 540-second device command; under 200 it runs nothing]. Everything under
# $OUT/probe_fresh24/ (eval_live.{json,txt}, signals/, ncu_export.csv, eval_ncu.{json,txt},
# confirm.{json,txt}, corpus_fresh24.log, timings.txt, and the same as corpus_fresh24.tgz); the
# verdict line last: "probe_fresh24: live A/5, ncu B/5, confirmed C/5, exit RC, S s".
# Why 520 and not fresh19-23's 240: fresh23's live step ran out at 111 s after its first kernel
# (the gate of its 1.6 GB page rank map); this batch's gate inputs are ~1.2 GB of SU(3) links and
# 75M outputs for make_back (the first kernel the live step takes, alphabetically), 64M pixels
# in and out for the entropy, 27M Matern targets, 2e7 pnpoly points and 2^23 Haar samples, so
# the live step gets ~256 s and the ncu session ~246 s.
# Predicted (unmeasured): 150-400 s: the live step ~80-250 s (the gates lead: make_back ~20-60
# s, the entropy and Matern ~10-40 s each, pnpoly and the Haar pass less), the one ncu session
# ~40-120 s (five kernels, ~40 replay passes each: pnpoly's ~7-9 ms and Matern's ~6-7 ms a
# launch lead). Kernel times a launch on an H100: hecb_dslash_make_back ~0.5-1.2 ms,
# hecb_entropy_shared_count ~1.1-1.5 ms, hecb_hwt1d_haar ~25-35 us, hecb_matern_block_sum
# ~6-7 ms, hecb_pnpoly_base ~7-9 ms. If the live step runs past its half, make_back's gate is
# the likeliest cause; the ncu path still scores all five. Gate: 5/5 (every pair agreed on the
# host, scripts/host_emu/run_fresh24.sh, 7 comparisons; pnpoly's bitmap and make_back's copies
# compare exactly, the reference repeating pnpoly's float operations -- a failure there would
# mean NVRTC fused or divided differently from nvcc, not a verdict). Labels (committed before
# any run): hecb_entropy_shared_count shared_data_pipe, hecb_pnpoly_base issue_bound,
# hecb_matern_block_sum barrier_bound, hecb_hwt1d_haar dram_near_roof, hecb_dslash_make_back
# unexplained (one-thread blocks; low_ilp and dram_near_roof accepted).
set -u
# shellcheck source=lib/fresh_score.sh
BATCH=fresh24
LIM=${1:-520}
LIM_CAP=520
. "$(dirname "$0")/lib/fresh_score.sh"
