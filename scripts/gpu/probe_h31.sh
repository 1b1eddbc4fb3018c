#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2154  # $S is words; t0 comes from cheat_probe_init
# Helper h31's live check (issue 28; docs/reliability.md "Red team 31's two holes closed"), on an
# H100 or H200 with a bundle built from branch h31. Nothing here has run on a GPU: every outcome
# below is PREDICTED from host emulations of the worker's own functions (red31_sim, red29_sim,
# model_echo_test).
#  cheats (tests/cheats, cheat_round; each capped at 60 s):
#   redteam31_twin_quiet_boys        invalid_spec (predicted KEPT ~7x on main): "out's element 0
#                                    moves by at most ~0.09 of its tolerance under every one of its
#                                    3 model echoes of p (2 such elements ... told apart were quiet
#                                    in 0 of their other draws and chance gives 3 x 0^3 ...)";
#                                    no class refill (the verdict refuses before the light part).
#   redteam31_inner_head_boys        invalid_spec (predicted KEPT ~10-20x on main): "in the light
#                                    part: out's light part ... moves it by 0.0012 of its tolerance"
#                                    (host 0.00116; the double reference's own noise ~2e-10 of the
#                                    tolerance, the F32 grain floor ~1e-8: seen); 288 class refills
#                                    of the 2^24 permutation, each a 64 MiB copy, hash, digest and
#                                    upload and one reference run: "model_light" ~15-40 s of the
#                                    gate (a 60 s cap may CUT it: then CAP=120 ORDER=cheats).
#   redteam29_perm_loud_head_boys,   invalid_spec, unchanged (refused by the quiet fold before the
#   redteam29_sorted_loud_head_boys  light part is reached).
#   control_redteam29_deal_exact_hand kept (told at 15.4 by the keyed refill; its hands aggregate
#                                    with no heavy place: judged 0, host); 288 class refills more
#                                    (~15-40 s), so a 60 s cap may CUT it (not a verdict).
#  corpus (problems check of the 12 folders with a model-echoed input and a non-exact output):
#  every one as on main (h30t's verdicts; no new invalid_spec "in the light part"). Host evidence:
#  culsp_lomb_scargle (red29_sim corpus: 5104 of its frequencies; 288 refills, its low-frequency
#  light parts a tail: judged 0, passes; the quiet fold 9 undecided, none decidable) and list_walk
#  (2^22 cycle: 288 refills, least judged 85, passes); the spmv, bag, segment and spmm outputs
#  depend on few offsets per element, predicted stopped by the 32-refill screen (unmeasured);
#  blw_pagerank_edgelist may read its sources' degrees (many offsets): not predicted; xsb_lookup_unionized and cuml_tsne_attractive likewise (a lookup and a row's
#  edges: few places). A NEW invalid_spec "in the light part" there is either a real
#  heavy-plus-light element (read it) or a false refusal of h31 (report it). Lint time: +32 class
#  refills per model-echoed input (~1-5 s), +256 where a told element aggregates (culsp: 288
#  reference runs of ~1e9 sincos, ~5-10 ms each; list_walk: a 2^25 cycle, ~0.1-0.3 s of host copy,
#  hash and digest a refill: ~30-90 s more, which may push the corpus step past its 300 s).
#  seeds: neighbor_aggregation (the one built-in with a model-echoed input, csr_rowptr at rtol
#  1e-5): gate passed, 32 class refills more (screened out: each row depends on two offsets).
# Usage: ORDER="cheats corpus seeds" scripts/gpu/probe_h31.sh [SECONDS, default 570]; everything
#        under $OUT/probe_h31/.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
T=${1:-570}
cheat_probe_init probe_h31 "$T" redteam31_twin_quiet_boys redteam31_inner_head_boys \
  redteam29_perm_loud_head_boys redteam29_sorted_loud_head_boys \
  control_redteam29_deal_exact_hand || exit 1
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S="$B/bin/solver --data-dir $B/share/solver"

step_cheats() {
  say "== cheats ($((SECONDS - t0)) s)"
  for name in $CP_DIRS; do
    cheat_probe_round "$name" "${CAP:-60}" 40 check || continue
    say "  model: $(grep -o 'model echo told apart[^"]*' <<<"$CR_REC" | head -1 | cut -c1-160)" \
      "$(grep -o 'in the light part[^"]*' <<<"$CR_REC" | head -1 | cut -c1-200)"
    say "  phases: $(grep -o '"[^"]*model_light":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
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
    print("corpus:", r.get("problem"), r.get("gate"),
          "lint %.1f s" % (ph.get("tolerance lint", 0) / 1e3),
          "model_light %.1f s" % (sum(v for k, v in ph.items() if k.endswith("model_light")) / 1e3), str(r.get("detail", ""))[:240])
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
          "lint %.1f s" % (ph.get("tolerance lint", 0) / 1e3),
          "model_light %.1f s" % (sum(v for k, v in ph.items() if k.endswith("model_light")) / 1e3), str(r.get("detail", ""))[:200])
PY
}

for step in ${ORDER:-cheats corpus seeds}; do "step_$step"; done
say "probe_h31: done in $((SECONDS - t0)) s"
