#!/usr/bin/env bash
# fresh20's live probe (issue 29, helper f20): the twentieth fresh held-out batch
# (tests/corpus_fresh20, 5 kernels) scored for the first time, bounded for one device call:
# scripts/gpu/suite_eval.sh's three steps on the batch -- 1. live `solver eval` (gate, CUPTI
# profile, classify each kernel; signals kept), 2. one ncu export of the five kernels (the
# rules' metric list plus every label's confirm: metrics), 3. the ncu path's verdicts and the
# labels' evidence (`--confirm-csv`) from that export. The labels were committed before this
# ran (git log -- tests/corpus_fresh20); no rule is tuned on the result.
# Usage: probe_fresh20.sh [SECONDS, default 240, capped at 240; under 200 it runs nothing]. Everything under
# $OUT/probe_fresh20/ (eval_live.{json,txt}, signals/, ncu_export.csv, eval_ncu.{json,txt},
# confirm.{json,txt}, corpus_fresh20.log, timings.txt, and the same as corpus_fresh20.tgz); the
# verdict line last: "probe_fresh20: live A/5, ncu B/5, confirmed C/5, exit RC, S s".
# Predicted (unmeasured): 80-200 s: the live step ~40-100 s (the inputs lead: 2^25 normal and
# 2^25 grid floats for the erfcx pair with their float64 references, 268 MB each; then the
# 16.8M-pixel image; the kernels take ~0.1 ms (erfcx grid), ~0.3 ms (5 x 5 median), ~1 ms (7 x 7
# median), ~1.5-4 ms (erfcx randn) and ~3-4 ms (IIR) a launch), the one ncu session ~40-90 s
# (five kernels, ~40 replay passes each, the IIR's and erfcx randn's few-ms launches lead). Gate:
# 5/5 (every pair agreed on the host, scripts/host_emu/run_fresh20.sh; a failure would most
# likely be erfcx's float exp for x near -6 against rtol 2e-5, or the IIR's float recursion
# against rtol 1e-4, not a verdict). Labels (committed before any run): pt_erfcx_randn
# instruction_fetch, pt_erfcx_linspace dram_bandwidth, af_medfilt2_5x5 alu_compute,
# af_medfilt2_7x7 register_spills, af_iir_biquad barrier_bound.
set -u
# shellcheck source=lib/fresh_score.sh
BATCH=fresh20
LIM=${1:-240}
. "$(dirname "$0")/lib/fresh_score.sh"
