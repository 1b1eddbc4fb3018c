#!/usr/bin/env bash
# The twenty-sixth session's check of its merges, live, one call (docs/results/h100-2026-12-06c):
#  1. the fresh-set fix (1135e3a1): problems/reduce's seed and the cheat suite's two reduce
#     folders pass the tolerance lint (predicted: "1-in-2 echo told apart by the fresh set");
#  2. every built-in problem's seed through the gate after h28h (P6k's strided light refusal off
#     the law too) and h28k (class shares in blocks): predicted 0 failures (a refusal here is a
#     false rejection of an honest built-in);
#  3. knn_compute_distances' gate (killed by signal 9 in call 2) with class shares in blocks:
#     predicted exit 0, 40-120 s, peak RSS 2-12 GiB (helper h28k);
#  4. h28h's live folders, part 1 (redteam26_offlaw_heavy_lbeta refused invalid_spec; the
#     controls kept).
# Usage: probe_s26.sh (writes $OUT/s26/; about 560 s).
set -u
OUT=${OUT:-/tmp/probe-out}
D="$OUT/s26"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S="$B/bin/solver --data-dir $B/share/solver"
t0=$SECONDS
echo "== 1. fresh-set fix"
timeout 60 $S problems check --seed-only reduce >"$D/reduce.txt" 2>&1
timeout 60 $S problems check --seed-only --problems-dir tests/cheats cheat_skip_rescale \
  cheat_expected_value >"$D/cheat_reduce.txt" 2>&1
grep -h "reduce\|cheat_" "$D/reduce.txt" "$D/cheat_reduce.txt" | grep -v "^checking" | cut -c1-260
echo "== 2. built-in seeds ($((SECONDS - t0)) s)"
timeout "${SEEDS_S:-200}" $S problems check --seed-only --json >"$D/seeds.json" 2>"$D/seeds.log"
echo "seeds: exit $?"
grep -c "gate passed" "$D/seeds.log"
grep -v "gate passed\|compile\b.*(reference)" "$D/seeds.log" | grep "\[" | cut -c1-300
echo "== 3. knn gate ($((SECONDS - t0)) s)"
GATE_COST_PROBLEMS=corpus_fresh12/knn_compute_distances OUT="$D" timeout 170 \
  bash scripts/gpu/probe_gate_cost.sh 160 | tail -8
echo "== 4. h28h part 1 ($((SECONDS - t0)) s)"
NAMES="redteam26_offlaw_heavy_lbeta control_hon22_softmax_argmax control_redteam26_weighted_lbeta_16 control_redteam16_twin_output_recurrence" \
  CHEAT_FOLDER_S=110 BUDGET_S=$((555 - (SECONDS - t0))) OUT="$D" bash scripts/gpu/cheat_list.sh
echo "probe_s26: done in $((SECONDS - t0)) s"
