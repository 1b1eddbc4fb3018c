#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2154  # $S is words; t0 comes from cheat_probe_init
# Helper h31decoy's live check (issue 28; docs/reliability.md "h31's decoy closed: a chance rate
# per pattern"), on an H100 or H200 with a bundle built from branch h31decoy. Nothing here has
# run on a GPU: every outcome below is PREDICTED from host emulations of the worker's own
# functions (red31_sim decoy/twin, red29_sim quiet/corpus, model_echo_test).
#  cheats (tests/cheats, cheat_round; each capped at 60 s):
#   redteam31_decoy_quiet_boys       invalid_spec (predicted KEPT ~6-7.5x on main 265ac6fb, where
#                                    the lint passes "told apart: out by p's on set 0 (at 39) (2
#                                    elements never told apart ...)" and 288 class refills judge
#                                    0): "out's element 0 moves by at most ~0.09-0.1 of its
#                                    tolerance under every one of its 6 model echoes of p (2 such
#                                    elements ... quiet in 1, 1 and 0 of their other odd, even and
#                                    keyed-half draws and chance gives 3 x the product ... = 0 <
#                                    1e-06)"; the fresh set's 3 reference runs more, no further
#                                    keyed refill, no class refill (refused before the light part).
#                                    If the worker's fresh set is not made, the first further keyed
#                                    refill decides instead ("4 model echoes").
#   redteam31_twin_quiet_boys        invalid_spec, unchanged ("3 model echoes ... quiet in 1, 0
#                                    and 0 of their other odd, even and keyed-half draws ... = 0":
#                                    the head's odd draw is its first telling one, left out, so the
#                                    odd rate has no evidence (1); set 0 only, no draw more).
#   redteam31_inner_head_boys        invalid_spec, unchanged (the light part, 0.0012; told in
#                                    every draw, so nothing here moves it).
#   redteam29_perm_loud_head_boys,   invalid_spec, unchanged (2 x 0^3 on set 0).
#   redteam29_sorted_loud_head_boys
#   control_redteam29_deal_exact_hand kept, unchanged (its hands are never moved by a parity
#                                    refill: no element is undecided; 288 class refills as on
#                                    main, so a 60 s cap may CUT it: not a verdict).
#  corpus (problems check of the 12 folders with a model-echoed input and a non-exact output):
#  every one as on main (no new invalid_spec "quiet by construction"). Host evidence (red29_sim
#  corpus 22 1024): culsp_lomb_scargle (sorted input: odd and even midpoints only) and list_walk
#  as on main (see docs/reliability.md's table); the others were not emulated. A NEW "quiet by
#  construction" refusal there means an output whose told elements are quiet at very different
#  rates under the odd and the even midpoint (per-pattern rates multiply where pooled ones
#  average): read the element and its pattern rates in the detail before calling it a false
#  refusal. Lint time: at most the fresh set's reference runs and the 8 keyed refills more than
#  on main, where a pattern lacked evidence (the schedule now asks per pattern).
#  seeds: neighbor_aggregation: gate passed, as on main.
#  Times (from probe_h31's live call 2 on an H100, docs/results/h100-2026-12-07): the decoy's gate
#  ~5-8 s (set 0 and the fresh set, refused before the light part, as the twin's 5 s), the inner
#  head ~40 s and the deal control ~41 s (model_light ~33-35 s each): CAP=90 keeps them whole;
#  cheats ~100 s in all.
#  On a bundle built from main (SOLVER_BUNDLE=<main's>, ORDER=cheats): redteam31_decoy_quiet_boys
#  predicted KEPT ~6-7.5x (a MISMATCH line against its expect: that is the hole), the others as
#  above.
# Usage: ORDER="cheats corpus seeds" CAP=90 scripts/gpu/probe_h31decoy.sh [SECONDS, default 570];
#        everything under $OUT/probe_h31decoy/.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
T=${1:-570}
cheat_probe_init probe_h31decoy "$T" redteam31_decoy_quiet_boys redteam31_twin_quiet_boys \
  redteam31_inner_head_boys redteam29_perm_loud_head_boys redteam29_sorted_loud_head_boys \
  control_redteam29_deal_exact_hand || exit 1
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S="$B/bin/solver --data-dir $B/share/solver"

step_cheats() {
  say "== cheats ($((SECONDS - t0)) s)"
  for name in $CP_DIRS; do
    cheat_probe_round "$name" "${CAP:-60}" 40 check || continue
    say "  model: $(grep -o 'model echo told apart[^"]*' <<<"$CR_REC" | head -1 | cut -c1-160)" \
      "$(grep -o 'quiet by construction[^"]*' <<<"$CR_REC" | head -1 | cut -c1-240)" \
      "$(grep -o 'in the light part[^"]*' <<<"$CR_REC" | head -1 | cut -c1-200)"
    say "  phases: $(grep -o '"[^"]*model_l[a-z]*":[0-9.e+-]*' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
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
  timeout $((l < 300 ? (l > 5 ? l : 5) : 300)) $S problems check --problems-dir "$links" --json \
    >"$O/corpus.json" 2>"$O/corpus.log"
  say "corpus: exit $? in $((SECONDS - t0)) s"
  python3 - "$O/corpus.json" <<'PY' 2>/dev/null | tee -a "$O/results.txt" || true
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    if r.get("variant") == "(reference)":
        continue
    ph = r.get("gate_phases_ms", {})
    d = str(r.get("detail", ""))
    print("corpus:", r.get("problem"), r.get("gate"),
          "lint %.1f s" % (ph.get("tolerance lint", 0) / 1e3),
          "quiet-by-construction" if "quiet by construction" in d else "", d[:240])
PY
}

step_seeds() {
  say "== built-in seeds ($((SECONDS - t0)) s)"
  local l
  l=$(left)
  timeout $((l > 20 ? l - 10 : 10)) $S problems check --seed-only --json \
    ${SEEDS:-neighbor_aggregation} >"$O/seeds.json" 2>"$O/seeds.log"
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

for step in ${ORDER:-cheats corpus seeds}; do "step_$step"; done
say "probe_h31decoy: done in $((SECONDS - t0)) s"
