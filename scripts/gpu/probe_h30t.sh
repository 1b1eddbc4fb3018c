#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2154  # $S is words; t0 comes from cheat_probe_init
# Helper h30t's live check (issue 28; docs/reliability.md "Red team 29's two open holes closed"),
# on an H100 or H200 with a bundle built from branch h30t. Nothing here has run on a GPU yet: every
# outcome below is PREDICTED from host emulations of the worker's own functions.
#  cheats (tests/cheats, cheat_round; each capped at 40 s):
#   redteam29_atol_tiny_rtol_heavy    invalid_spec (was KEPT ~1.3x): P6k's (b) is gone, y[0]'s
#                                     strided light share 0.093 judged (red29_sim tiny 24 0); the
#                                     detail names "atol <= 9.3e+02". Lint ~1-2 s (288 class echoes
#                                     of a 2^24 log-Beta sum, as redteam28_atol_excused_heavy).
#   redteam29_perm_loud_head_boys     invalid_spec (was KEPT ~7x): "out's element 0 moves by at most
#                                     ~0.09 of its tolerance under every one of its 3 model echoes
#                                     of p" (red29_sim quiet: 0.0895 on the host's set 0; the
#                                     worker's set 0 is the same standing seed, so within ~10%);
#                                     no reference run more than before.
#   redteam29_sorted_loud_head_boys   invalid_spec (was KEPT ~5x): element 0, 4 moves (set 0 and
#                                     the fresh set), at most ~0.02.
#   redteam28_atol_excused_heavy, redteam26_offlaw_heavy_lbeta, redteam28_perm_sampled_boys,
#   redteam28_sorted_mean_boys        invalid_spec, unchanged (each refused live before).
#   control_redteam29_deal_exact_hand kept (its hands move 0 under the parity refills, 15.4 under
#                                     the keyed one: no element quiet).
#   control_hon22_softmax_argmax      kept (the softmax's held probabilities are judged now and form
#                                     a light_tail: all 1024 rows on the host, 18083 weak against
#                                     1102648 near (61x); lint time unchanged, ~50 s).
#   control_hon21_causal_log_softmax  kept (no held element judged in (0, 1] on the host sim);
#                                     may be CUT at 40 s (8M elements x 256 classes in blocks).
#  corpus (problems check of the folders with a model-echoed input and a non-exact output, and
#  blw_pagerank_edgelist): every one "gate passed" as before (no invalid_spec). Host evidence for
#  two shapes only (h28t_false_refusal_sim spmv_quiet / bag_quiet: 14649 and 76014 undecided, none
#  quiet by construction, both on set 0's two midpoints alone: more draws could decide none); the
#  others are the lead's to read: a NEW invalid_spec naming "element ... under every one of its N
#  model echoes" there is either a real modeler the spec admits (read the element) or a false
#  refusal of this change (report it). Lint time: the model echoes are compared on the host now
#  (~0.1 s a draw per 32M output elements), plus the fresh set's echoes and up to 8 keyed refills
#  of set 0 only where an undecided element could be decided by them (list_walk's cycle: at most
#  11 more reference runs of ~1 ms; predicted none: a walker's path changes wholesale or not).
#  seeds (every built-in, attention_bf16 last): all "gate passed" as in h100-2026-12-06e call 1;
#  attention_bf16 and softmax by light_tail (host sims: 73 weak of 6779 near; 1335 of 72678 over
#  512 of softmax's rows), neighbor_aggregation (the one
#  built-in with a model-echoed input, csr_rowptr at rtol 1e-5) with no element quiet.
# Usage: ORDER="cheats corpus" scripts/gpu/probe_h30t.sh [SECONDS, default 570], then
#        ORDER=seeds scripts/gpu/probe_h30t.sh 570 (attention_bf16's lint alone ~205 s);
#        everything under $OUT/probe_h30t/.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
T=${1:-570}
cheat_probe_init probe_h30t "$T" redteam29_atol_tiny_rtol_heavy redteam29_perm_loud_head_boys \
  redteam29_sorted_loud_head_boys redteam28_atol_excused_heavy redteam26_offlaw_heavy_lbeta \
  redteam28_perm_sampled_boys redteam28_sorted_mean_boys control_redteam29_deal_exact_hand \
  control_hon22_softmax_argmax control_hon21_causal_log_softmax || exit 1
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S="$B/bin/solver --data-dir $B/share/solver"

step_cheats() {
  say "== cheats ($((SECONDS - t0)) s)"
  for name in $CP_DIRS; do
    cheat_probe_round "$name" 40 40 check || continue
    say "  model note: $(grep -o 'model echo told apart[^"]*' <<<"$CR_REC" | head -1)"
  done
  say "cheats: $CP_OK of $CP_N as their expect says (all predicted as expected)"
}

step_corpus() {
  say "== corpus: model-echoed inputs, non-exact outputs ($((SECONDS - t0)) s)"
  local links f l
  links=$(mktemp -d)
  for f in corpus/bg_spmv_csr_scalar corpus/bg_spmv_csr_vector corpus/list_walk \
    corpus_fresh11/tf_unsorted_segment_sum corpus_fresh12/culsp_lomb_scargle \
    corpus_fresh13/cuml_tsne_attractive corpus_fresh18/tsparse_spmm_sum \
    corpus_fresh2/pmpp_spmv_csr_powerlaw corpus_fresh4/pt_embedding_bag_powerlaw \
    corpus_fresh5/pt_segment_reduce_powerlaw corpus_fresh7/blw_pagerank_edgelist \
    corpus_fresh7/xsb_lookup_unionized; do
    [[ -d tests/$f ]] && ln -s "$PWD/tests/$f" "$links/$(basename "$f")"
  done
  l=$(left)
  timeout $((l < 240 ? (l > 5 ? l : 5) : 240)) $S problems check --problems-dir "$links" --json \
    >"$O/corpus.json" 2>"$O/corpus.log"
  say "corpus: exit $? in $((SECONDS - t0)) s"
  python3 - "$O/corpus.json" <<'PY' 2>/dev/null | tee -a "$O/results.txt" || true
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    if r.get("variant") == "(reference)":
        continue
    ph = r.get("gate_phases_ms", {})
    print("corpus:", r.get("problem"), r.get("gate"),
          "lint %.1f s" % (ph.get("tolerance lint", 0) / 1e3), str(r.get("detail", ""))[:240])
PY
}

step_seeds() {
  say "== built-in seeds ($((SECONDS - t0)) s)"
  local l
  l=$(left)
  SEEDS=${SEEDS:-neighbor_aggregation matmul_tri attention batched_gemm bias_gelu conv2d conv2d_7x7
    decoder_block groupnorm layernorm layernorm_4096 layernorm_768 matmul matmul_1024 matmul_bf16
    matmul_scalar reduce sgemm_2048 sigmoid softmax stencil3d_r4 transpose_4096
    triangle_contraction attention_bf16}
  # shellcheck disable=SC2086
  timeout $((l > 20 ? l - 10 : 10)) $S problems check --seed-only --json $SEEDS \
    >"$O/seeds.json" 2>"$O/seeds.log"
  say "seeds: exit $? in $((SECONDS - t0)) s"
  python3 - "$O/seeds.json" <<'PY' 2>/dev/null | tee -a "$O/results.txt" || true
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    if r.get("variant") == "(reference)":
        continue
    ph = r.get("gate_phases_ms", {})
    print("seed:", r.get("problem"), r.get("gate"),
          "lint %.1f s" % (ph.get("tolerance lint", 0) / 1e3), str(r.get("detail", ""))[:200])
PY
}

for step in ${ORDER:-cheats corpus}; do "step_$step"; done
say "probe_h30t: done in $((SECONDS - t0)) s"
