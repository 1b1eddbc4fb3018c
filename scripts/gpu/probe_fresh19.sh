#!/usr/bin/env bash
# fresh19's live probe (issue 29, helper f19): the nineteenth fresh held-out batch
# (tests/corpus_fresh19, 5 kernels) scored for the first time, bounded for one device call:
# scripts/gpu/suite_eval.sh's three steps on the batch -- 1. live `solver eval` (gate, CUPTI
# profile, classify each kernel; signals kept), 2. one ncu export of the five kernels (the
# rules' metric list plus every label's confirm: metrics), 3. the ncu path's verdicts and the
# labels' evidence (`--confirm-csv`) from that export. The labels were committed before this
# ran (git log -- tests/corpus_fresh19); no rule is tuned on the result.
# Usage: probe_fresh19.sh [SECONDS, default 240, capped at 240; under 200 it runs nothing]. Everything under
# $OUT/probe_fresh19/ (eval_live.{json,txt}, signals/, ncu_export.csv, eval_ncu.{json,txt},
# confirm.{json,txt}, corpus_fresh19.log, timings.txt, and the same as corpus_fresh19.tgz); the
# verdict line last: "probe_fresh19: live A/5, ncu B/5, confirmed C/5, exit RC, S s".
# Predicted (unmeasured): 120-220 s: the live step ~60-110 s (the gate's float64 references lead:
# the 8192 x 8192 x 4096 GEMM's double products, ~50 ms a set, and the radius search's one thread
# per centroid, ~2-4 ms; the kernels take ~0.3-3 ms a launch), the one ncu session ~40-80 s (five
# kernels, ~40 replay passes each). Gate: 5/5 (every pair agreed on the host,
# scripts/host_emu/run_fresh19.sh; a failure would most likely be the HGEMMs' half accumulators
# against their tolerance or the host stand-ins' PTX layouts, not a verdict).
set -u
# shellcheck source=lib/fresh_score.sh
BATCH=fresh19
LIM=${1:-240}
. "$(dirname "$0")/lib/fresh_score.sh"
