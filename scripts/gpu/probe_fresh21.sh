#!/usr/bin/env bash
# fresh21's live probe (issue 29, helper f21): the twenty-first fresh held-out batch
# (tests/corpus_fresh21, 5 kernels) scored for the first time, bounded for one device call:
# scripts/gpu/suite_eval.sh's three steps on the batch -- 1. live `solver eval` (gate, CUPTI
# profile, classify each kernel; signals kept), 2. one ncu export of the five kernels (the
# rules' metric list plus every label's confirm: metrics), 3. the ncu path's verdicts and the
# labels' evidence (`--confirm-csv`) from that export. The labels were committed before this
# ran (git log -- tests/corpus_fresh21); no rule is tuned on the result.
# Usage: probe_fresh21.sh [SECONDS, default 240, capped at 240; under 200 it runs nothing]. Everything under
# $OUT/probe_fresh21/ (eval_live.{json,txt}, signals/, ncu_export.csv, eval_ncu.{json,txt},
# confirm.{json,txt}, corpus_fresh21.log, timings.txt, and the same as corpus_fresh21.tgz); the
# verdict line last: "probe_fresh21: live A/5, ncu B/5, confirmed C/5, exit RC, S s".
# Predicted (unmeasured): 70-180 s: the live step ~35-90 s (the inputs lead: VGG's 25.7M-float
# batch and the 16.8M-pixel image with their float64 references, the scan's float64 reference
# walking 1024 tokens in 5120 threads; the kernels take ~0.03 ms (weight norm), ~0.06-0.1 ms
# (VGG pool), ~0.15 ms (column filter), ~0.5 ms (SPP pool) and ~0.6-0.8 ms (Mamba scan) a
# launch), the one ncu session ~35-80 s (five kernels, ~40 replay passes each, all short). Gate:
# 5/5 (every pair agreed on the host, scripts/host_emu/run_fresh21.sh, 10 comparisons; a failure
# would most likely be the scan's float recursion against rtol 1e-4 over 1024 tokens, not a
# verdict). Labels (committed before any run): pt_maxpool2d_vgg_pool2 dram_bandwidth,
# pt_maxpool2d_spp13 issue_bound, pt_weight_norm_dim0 dram_bandwidth, cv_gauss_column31
# shared_data_pipe, ggml_ssm_scan_mamba small_grid.
set -u
# shellcheck source=lib/fresh_score.sh
BATCH=fresh21
LIM=${1:-240}
. "$(dirname "$0")/lib/fresh_score.sh"
