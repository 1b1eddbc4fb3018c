# Sourced, not run: the one held-out first score of a fresh batch (tests/corpus_$BATCH) by
# suite_eval.sh (live eval, one ncu export, the labels' confirm ranges), shared by
# probe_fresh19/20/21/22/23/24/25/26/27.sh. Set BATCH and LIM (seconds) before sourcing; everything
# under $OUT/probe_$BATCH/, the verdict line last:
# "probe_$BATCH: live A/N, ncu B/N, confirmed C/N, exit RC, S s".
# LIM_CAP (default 240) is the most a batch's probe may ask for: a batch whose gate inputs are
# larger sets it higher (fresh24, fresh25 and fresh26: 520, inside one 540-second device command).
LIM=${LIM:-240}
LIM_CAP=${LIM_CAP:-240}
[ "$LIM" -gt "$LIM_CAP" ] && LIM=$LIM_CAP
# The first score of a held-out batch is spent once: a budget too short for the three steps
# (run.sh's default PROBE_S of 90 when every probe runs) runs nothing rather than a cut score.
if [ "$LIM" -lt 200 ]; then
  echo "probe_$BATCH: not run (needs at least 200 s, got $LIM: the held-out first score is not spent on a cut run)"
  exit 0
fi
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_$BATCH"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x "$B/bin/solver" ]; then
  echo "probe_$BATCH: nothing run (no $B/bin/solver)"
  exit 1
fi
# The live step gets about half of the budget, the ncu session and step 3 the rest
# (suite_eval.sh starts no ncu session that would not fit BUDGET_S).
budget=$((LIM - 8))
SUITE=tests/corpus_$BATCH NAME=corpus_$BATCH OUT="$D" SOLVER_BUNDLE="$B" BUDGET_S=$budget \
  LIVE_LIMIT=$((budget / 2)) NCU_LIMIT=$((budget / 2 - 10)) \
  timeout $((LIM - 3)) bash "$(dirname "${BASH_SOURCE[0]}")/../suite_eval.sh" > "$D/probe.log" 2>&1
rc=$?
echo "suite_eval (corpus_$BATCH): exit $rc in $(($(date +%s) - T0)) s"
grep -E "^(== |step |  [a-z_0-9]+: [0-9]+ row)" "$D/probe.log" | cut -c1-200
for f in eval_live.txt eval_ncu.txt confirm.txt; do
  [ -f "$D/$f" ] && { echo "-- $f"; cut -c1-220 "$D/$f" | tail -n 14; }
done
score() { grep -m1 '^overall' "$D/$1" 2>/dev/null | grep -oE '[0-9]+/[0-9]+' | head -1; }
conf=$(grep -m1 '^labels confirmed' "$D/confirm.txt" 2>/dev/null | grep -oE '[0-9]+/[0-9]+' | head -1)
echo "probe_$BATCH: live $(score eval_live.txt), ncu $(score eval_ncu.txt), confirmed ${conf:-?}, exit $rc, $(($(date +%s) - T0)) s"
