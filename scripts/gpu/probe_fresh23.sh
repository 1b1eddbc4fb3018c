#!/usr/bin/env bash
# fresh23's live probe (issue 29, helper f23): the twenty-third fresh held-out batch
# (tests/corpus_fresh23, 5 kernels) scored for the first time, bounded for one device call:
# scripts/gpu/suite_eval.sh's three steps on the batch -- 1. live `solver eval` (gate, CUPTI
# profile, classify each kernel; signals kept), 2. one ncu export of the five kernels (the
# rules' metric list plus every label's confirm: metrics), 3. the ncu path's verdicts and the
# labels' evidence (`--confirm-csv`) from that export. The labels were committed before this
# ran (commit e1677d9f, git log -- tests/corpus_fresh23); no rule is tuned on the result.
# Usage: probe_fresh23.sh [SECONDS, default 240, capped at 240; under 200 it runs nothing]. Everything under
# $OUT/probe_fresh23/ (eval_live.{json,txt}, signals/, ncu_export.csv, eval_ncu.{json,txt},
# confirm.{json,txt}, corpus_fresh23.log, timings.txt, and the same as corpus_fresh23.tgz); the
# verdict line last: "probe_fresh23: live A/5, ncu B/5, confirmed C/5, exit RC, S s".
# Predicted (unmeasured): 100-220 s: the live step ~50-110 s (the inputs and the gate's
# comparisons lead: the page rank map's 20000 x 20000 int links in and floats out -- 1.6 GB
# each way, 4e8 outputs against a float64 reference -- the reduce's 1.6 GB map matrix, the
# SpMV's 2^25 nonzeros with 8-byte indices, vanGenuchten's 16.8M float64 cells; the kernels take
# ~0.7-0.9 ms (vanGenuchten), ~2-15 ms (map, ~5 ms expected), ~0.5-2.5 ms (reduce), ~1-20 ms
# (SpMV, its longest row) and ~0.4-3 ms (expdist) a launch on an H100), the one ncu session
# ~30-90 s (five kernels, ~40 replay passes each; the map's and the SpMV's milliseconds and the
# inputs' generation lead). If the live step runs past its half of the budget (116 s of 240)
# the map is the likeliest cause; run `scripts/gpu/run.sh corpus_fresh23` unbounded instead.
# Gate: 5/5 (every pair agreed on the host, scripts/host_emu/run_fresh23.sh, 9 comparisons, worst
# 0.0016 of a tolerance; a failure would most likely be expdist's float sums in atomic order or
# the SpMV's ~1e5-term row against rtol 1e-3, atol 1e-2, not a verdict). Labels (committed
# before any run): hecb_vangenuchten_f64 fp64_compute, hecb_pagerank_map uncoalesced,
# hecb_pagerank_reduce small_grid, hecb_spmv_vector_csr_powerlaw unexplained,
# hecb_expdist_bhattacharyya unexplained.
set -u
# shellcheck source=lib/fresh_score.sh
BATCH=fresh23
LIM=${1:-240}
. "$(dirname "$0")/lib/fresh_score.sh"
