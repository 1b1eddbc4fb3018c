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
LIM=${1:-240}
[ "$LIM" -gt 240 ] && LIM=240
# The first score of a held-out batch is spent once: a budget too short for the three steps
# (run.sh's default PROBE_S of 90 when every probe runs) runs nothing rather than a cut score.
if [ "$LIM" -lt 200 ]; then
  echo "probe_fresh20: not run (needs at least 200 s, got $LIM: the held-out first score is not spent on a cut run)"
  exit 0
fi
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_fresh20"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x "$B/bin/solver" ]; then
  echo "probe_fresh20: nothing run (no $B/bin/solver)"
  exit 1
fi
# The live step gets about half of the budget, the ncu session and step 3 the rest
# (suite_eval.sh starts no ncu session that would not fit BUDGET_S).
budget=$((LIM - 8))
SUITE=tests/corpus_fresh20 NAME=corpus_fresh20 OUT="$D" SOLVER_BUNDLE="$B" BUDGET_S=$budget \
  LIVE_LIMIT=$((budget / 2)) NCU_LIMIT=$((budget / 2 - 10)) \
  timeout $((LIM - 3)) bash "$(dirname "$0")/suite_eval.sh" > "$D/probe.log" 2>&1
rc=$?
echo "suite_eval (corpus_fresh20): exit $rc in $(($(date +%s) - T0)) s"
grep -E "^(== |step |  [a-z_0-9]+: [0-9]+ row)" "$D/probe.log" | cut -c1-200
for f in eval_live.txt eval_ncu.txt confirm.txt; do
  [ -f "$D/$f" ] && { echo "-- $f"; cut -c1-220 "$D/$f" | tail -n 14; }
done
score() { grep -m1 '^overall' "$D/$1" 2>/dev/null | grep -oE '[0-9]+/[0-9]+' | head -1; }
conf=$(grep -m1 '^labels confirmed' "$D/confirm.txt" 2>/dev/null | grep -oE '[0-9]+/[0-9]+' | head -1)
echo "probe_fresh20: live $(score eval_live.txt), ncu $(score eval_ncu.txt), confirmed ${conf:-?}, exit $rc, $(($(date +%s) - T0)) s"
