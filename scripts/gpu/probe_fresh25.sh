#!/usr/bin/env bash
# fresh25's live probe (issue 29, helper f25): the twenty-fifth fresh held-out batch
# (tests/corpus_fresh25, 5 kernels) scored for the first time, bounded for one device call:
# scripts/gpu/suite_eval.sh's three steps on the batch -- 1. live `solver eval` (gate, CUPTI
# profile, classify each kernel; signals kept), 2. one ncu export of the five kernels (the
# rules' metric list plus every label's confirm: metrics), 3. the ncu path's verdicts and the
# labels' evidence (`--confirm-csv`) from that export. The labels were committed before this
# ran (commit 5fa1df99, git log -- tests/corpus_fresh25); no rule is tuned on
# the result.
# Usage: probe_fresh25.sh [SECONDS, default 400, capped at 520 (LIM_CAP) so the whole call fits
# one 540-second device command; under 200 it runs nothing]. Everything under
# $OUT/probe_fresh25/ (eval_live.{json,txt}, signals/, ncu_export.csv, eval_ncu.{json,txt},
# confirm.{json,txt}, corpus_fresh25.log, timings.txt, and the same as corpus_fresh25.tgz); the
# verdict line last: "probe_fresh25: live A/5, ncu B/5, confirmed C/5, exit RC, S s".
# Why 400: fresh24's probe, sized at 520 s, took ~51 s on an H100 (live 39 s, ncu 11 s:
# docs/results/h100-2026-12-07b/call1/probe_fresh24/timings.txt). This batch's gate inputs are
# small -- 128 MB of popcount words and 64 MB of counts, 2.4 MB of FHd samples, 1.6 MB of
# Hausdorff points, 36 bytes of MD5 results, 1 KB of Romberg sums -- but two references are
# heavy: MD5's searches all 2.44e8 keys (one unrolled RFC 1321 MD5 a thread, ~3-6 ms a run) and
# Hausdorff's walks 1e10 pairs in float64 (~4-8 ms a run on the H100's FP64 pipe); neither
# nears fresh23's 1.6 GB map. 400 s leaves the live step ~196 s and the ncu session ~186 s.
# Predicted (unmeasured): 40-150 s: the live step ~30-100 s (the gates lead: popcount's 192 MB
# and the MD5 and Hausdorff references), the one ncu session ~15-50 s (five kernels, ~40 replay
# passes each: MD5's ~3-3.5 ms and Hausdorff's ~2-3 ms a launch lead). Kernel times a launch,
# predicted the same on an H100 and an H200 (132 SMs and ~1.75-1.98 GHz on both; none of the
# five is bound by DRAM bandwidth, the one place the H200 is faster): shoc_md5hash_search
# ~3.0-3.5 ms (H100), ~3.0-3.5 ms (H200); hecb_popcount_lut_const ~0.13-0.5 ms (H100),
# ~0.13-0.5 ms (H200, the constant cache not DRAM sets it); hecb_romberg_fp64 ~0.2-0.4 ms on
# both; hecb_fhd_sincos ~0.25-0.35 ms on both; hecb_hausdorff_min_dist ~1.9-2.9 ms on both.
# Gate: 5/5 (every pair agreed on the host, scripts/host_emu/run_fresh25.sh, 13 comparisons; the
# MD5 search and popcount compare exactly -- a failure there would be a wrong digest scalar or
# key packing, not a verdict). Labels (committed before any run): shoc_md5hash_search
# alu_compute, hecb_popcount_lut_const constant_cache, hecb_romberg_fp64 small_grid,
# hecb_fhd_sincos issue_bound (xu_compute accepted), hecb_hausdorff_min_dist issue_bound
# (fp32_compute accepted).
set -u
# shellcheck source=lib/fresh_score.sh
BATCH=fresh25
LIM=${1:-400}
LIM_CAP=520
. "$(dirname "$0")/lib/fresh_score.sh"
