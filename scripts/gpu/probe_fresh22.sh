#!/usr/bin/env bash
# fresh22's live probe (issue 29, helper f22): the twenty-second fresh held-out batch
# (tests/corpus_fresh22, 5 kernels) scored for the first time, bounded for one device call:
# scripts/gpu/suite_eval.sh's three steps on the batch -- 1. live `solver eval` (gate, CUPTI
# profile, classify each kernel; signals kept), 2. one ncu export of the five kernels (the
# rules' metric list plus every label's confirm: metrics), 3. the ncu path's verdicts and the
# labels' evidence (`--confirm-csv`) from that export. The labels were committed before this
# ran (commit 4bf4cc00, git log -- tests/corpus_fresh22); no rule is tuned on the result.
# Usage: probe_fresh22.sh [SECONDS, default 240, capped at 240; under 200 it runs nothing]. Everything under
# $OUT/probe_fresh22/ (eval_live.{json,txt}, signals/, ncu_export.csv, eval_ncu.{json,txt},
# confirm.{json,txt}, corpus_fresh22.log, timings.txt, and the same as corpus_fresh22.tgz); the
# verdict line last: "probe_fresh22: live A/5, ncu B/5, confirmed C/5, exit RC, S s".
# Predicted (unmeasured): 70-170 s: the live step ~35-90 s (the inputs lead: the batch norm's
# 102.8 MB batch, the LSTM cell's 126 MB, the pad's 67 MB; the HACCmk float64 reference, ~2e9
# double pair steps, ~5-15 ms; the kernels take ~0.04 ms (LSTM cell), ~0.08-0.1 ms (reflection
# pad), ~0.4-0.6 ms (batch-norm statistics), ~0.5-0.8 ms (triangular solve) and ~3 ms (HACCmk)
# a launch on an H100), the one ncu session ~30-70 s (five kernels, ~40 replay passes each,
# HACCmk's ~3 ms launches lead). Gate: 5/5 (every pair agreed on the host,
# scripts/host_emu/run_fresh22.sh, 18 comparisons, worst 0.08 of a tolerance; a failure would
# most likely be HACCmk's float sums of 15000 terms against atol 0.02, not a verdict). Labels
# (committed before any run): ggml_solve_tri_64x32 bank_conflicts, pt_batch_norm_stats_nchw
# small_grid, pt_lstm_cell_fwd dram_bandwidth, hecb_haccmk_short_force issue_bound,
# pt_reflection_pad2d alu_compute.
set -u
# shellcheck source=lib/fresh_score.sh
BATCH=fresh22
LIM=${1:-240}
. "$(dirname "$0")/lib/fresh_score.sh"
