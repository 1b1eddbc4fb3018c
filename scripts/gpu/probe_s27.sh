#!/usr/bin/env bash
# The twenty-seventh session's last device call: the lint merges of the session (h28t: P6k's
# false refusals; h28u: model echoes, live already in h100-2026-12-06d call 5; h28v: red team 27's
# law-mode holes) checked live on one call, shortest and most decisive steps first.
#  1. The four honest corpus folders P6k refused live in call 5 (off the law since h28h):
#     blw_pagerank_edgelist (3e-11 of its tolerance), cuml_tsne_attractive (0.0017),
#     pmpp_spmv_csr_powerlaw (0.00017), pt_embedding_bag_powerlaw (0.00017). Not predicted by h28t
#     (it never saw them): the lead's guess is that condition (c) or light_tail keeps some, not
#     surely all.
#  2. cheat_list over P6k's refusals and controls (h28t's predictions: redteam28_atol_excused_heavy
#     and redteam26_offlaw_heavy_lbeta invalid_spec; control_hon22_softmax_argmax kept;
#     control_hon21_causal_log_softmax left out: its round alone up to 90 s) and red team 27's law folders (h28v's predictions in
#     scripts/gpu/probe_h28v.sh where that exists).
#  3. Every built-in seed (call 2: 22 of 24 passed; P6k refused matmul_tri naive and attention_bf16's
#     seed): h28t predicts both "gate passed" (attention_bf16's lint ~205 s); the other 22 still
#     pass with h28v's strata on their audited timed runs (lead's prediction).
# Usage: probe_s27.sh [SECONDS, default 570]; everything under $OUT/s27/.
set -u
OUT=${OUT:-/tmp/probe-out}
D="$OUT/s27"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S="$B/bin/solver --data-dir $B/share/solver"
T=${1:-570}
t0=$SECONDS
left() { echo $((T - (SECONDS - t0))); }

step_corpus4() {
echo "== four corpus folders ($((SECONDS - t0)) s)"
links=$(mktemp -d)
for f in corpus_fresh7/blw_pagerank_edgelist corpus_fresh13/cuml_tsne_attractive \
  corpus_fresh2/pmpp_spmv_csr_powerlaw corpus_fresh4/pt_embedding_bag_powerlaw; do
  ln -s "$PWD/tests/$f" "$links/$(basename "$f")"
done
l=$(left)
timeout $((l < 120 ? (l > 5 ? l : 5) : 120)) $S problems check --problems-dir "$links" --json >"$D/corpus4.json" 2>"$D/corpus4.log"
echo "corpus4: exit $? in $((SECONDS - t0)) s"
python3 - "$D/corpus4.json" <<'PY' 2>/dev/null || true
import json, sys
for r in json.load(open(sys.argv[1])).get("rows", []):
    if r.get("variant") != "(reference)":
        print("corpus4:", r.get("problem"), r.get("gate"), str(r.get("detail", ""))[:220])
PY
}

step_cheats() {
echo "== cheat_list ($((SECONDS - t0)) s)"
NAMES="redteam28_atol_excused_heavy redteam26_offlaw_heavy_lbeta redteam27_cv_residual_sum \
redteam27_law_taylor_sum control_hon22_softmax_argmax control_redteam27_law_poly_lbeta \
control_redteam26_weighted_lbeta_16 control_hon20_atomic_float_histogram" \
  CHEAT_FOLDER_S=60 BUDGET_S=$(( $(left) - ${CHEAT_RESERVE:-380} )) OUT="$D" bash scripts/gpu/cheat_list.sh

}

# Every built-in seed (P6l's strata reach every gate's audited timed run), attention_bf16 last:
# its lint alone took 212 s in call 2.
step_seeds() {
echo "== built-in seeds: ${SEEDS:-all, attention_bf16 last} ($((SECONDS - t0)) s)"
l=$(left)
SEEDS=${SEEDS:-matmul_tri attention batched_gemm bias_gelu conv2d conv2d_7x7 decoder_block groupnorm
  layernorm layernorm_4096 layernorm_768 matmul matmul_1024 matmul_bf16 matmul_scalar
  neighbor_aggregation reduce sgemm_2048 sigmoid softmax stencil3d_r4 transpose_4096
  triangle_contraction attention_bf16}
# shellcheck disable=SC2086
timeout $((l > 20 ? l - ${SEEDS_RESERVE:-10} : 10)) $S problems check --seed-only --json $SEEDS \
  >"$D/seeds.json" 2>"$D/seeds.log"
echo "seeds: exit $? in $((SECONDS - t0)) s"
grep "\[" "$D/seeds.log" | grep -v "(reference)" | cut -c1-300
python3 - "$D/seeds.json" <<'PY' 2>/dev/null || true
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    ph = r.get("gate_phases_ms", {})
    if r["variant"] != "(reference)":
        print(r["problem"], r["gate"], "lint %.1f s, law_regions %.1f s" % (
            ph.get("tolerance lint", 0) / 1e3, ph.get("tolerance lint/law_regions", 0) / 1e3),
            str(r.get("detail", ""))[:200])
PY
}

# ORDER: the steps in the order run (default corpus4 cheats seeds); SEEDS the seeds' problems;
# SEEDS_RESERVE / CHEAT_RESERVE the seconds each step leaves for the steps after it.
for step in ${ORDER:-corpus4 cheats seeds}; do "step_$step"; done
echo "probe_s27: done in $((SECONDS - t0)) s"
