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
LIM=${1:-240}
[ "$LIM" -gt 240 ] && LIM=240
# The first score of a held-out batch is spent once: a budget too short for the three steps
# (run.sh's default PROBE_S of 90 when every probe runs) runs nothing rather than a cut score.
if [ "$LIM" -lt 200 ]; then
  echo "probe_fresh21: not run (needs at least 200 s, got $LIM: the held-out first score is not spent on a cut run)"
  exit 0
fi
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_fresh21"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x "$B/bin/solver" ]; then
  echo "probe_fresh21: nothing run (no $B/bin/solver)"
  exit 1
fi
# The live step gets about half of the budget, the ncu session and step 3 the rest
# (suite_eval.sh starts no ncu session that would not fit BUDGET_S).
budget=$((LIM - 8))
SUITE=tests/corpus_fresh21 NAME=corpus_fresh21 OUT="$D" SOLVER_BUNDLE="$B" BUDGET_S=$budget \
  LIVE_LIMIT=$((budget / 2)) NCU_LIMIT=$((budget / 2 - 10)) \
  timeout $((LIM - 3)) bash "$(dirname "$0")/suite_eval.sh" > "$D/probe.log" 2>&1
rc=$?
echo "suite_eval (corpus_fresh21): exit $rc in $(($(date +%s) - T0)) s"
grep -E "^(== |step |  [a-z_0-9]+: [0-9]+ row)" "$D/probe.log" | cut -c1-200
for f in eval_live.txt eval_ncu.txt confirm.txt; do
  [ -f "$D/$f" ] && { echo "-- $f"; cut -c1-220 "$D/$f" | tail -n 14; }
done
score() { grep -m1 '^overall' "$D/$1" 2>/dev/null | grep -oE '[0-9]+/[0-9]+' | head -1; }
conf=$(grep -m1 '^labels confirmed' "$D/confirm.txt" 2>/dev/null | grep -oE '[0-9]+/[0-9]+' | head -1)
echo "probe_fresh21: live $(score eval_live.txt), ncu $(score eval_ncu.txt), confirmed ${conf:-?}, exit $rc, $(($(date +%s) - T0)) s"
