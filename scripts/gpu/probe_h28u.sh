#!/usr/bin/env bash
# Issue 28, helper h28u: red team 28's holes 1 and 2 closed by the lint's model echoes
# (engine/backend/gpu/model_echo.h, model_lint_op.cpp): after the copy echoes pass, each sorted or
# csr_rowptr law input is echoed alone by its neighbours' midpoint (x[2j+1] := (x[2j] + x[2j+2]) / 2,
# floor for integers; still sorted, ends kept), each permutation or cycle by a seeded random refill
# of one parity from what the other lacks (a law draw given the kept half); a (input, output) pair
# at most 1 of its tolerance on set 0 and the fresh set is refused (invalid_spec). Exact outputs
# (rtol = atol = 0) take no model echo (a share is 0 or infinite). Host numbers:
# build/tests/engine/red28_sim 24 8 (sorted: midpoint share 0.015 set 0 / 0.020 fresh; permutation:
# refill share 0.082 / 0.048) and build/tests/engine/model_echo_test.
# Predicted (unmeasured), bundle built from branch h28u:
#   redteam28_sorted_mean_boys          invalid_spec (was KEPT 4.99x): "... modelled from the other
#                                       half ... out moves by at most 0.02 ... x's model echo"
#   redteam28_perm_sampled_boys         invalid_spec (was KEPT 7.48x): "... at most 0.082 ... p's";
#                                       no "no 1-in-2 echo of p" narrowed check any more
#   control_redteam27_sorted_bucket_search  kept (exact counts: no model echo taken at all)
#   control_hon22_merge_path_sorted     kept (exact)
#   control_hon22_kv_cache_append       kept (exact; its slot_mapping narrowing line is gone)
#   redteam27_sorted_unlinted_sum       invalid_spec (the copy echo refuses first, as before)
#   redteam2_perm_positions             rejected (y[i] = f(p[i]) at rtol 1e-4: the refill moves
#                                       y by O(1) per element, told apart; the timed redraw catches)
#   redteam5_cycle_order_memo, redteam23_cycle_relabel_memo  rejected (exact: unchanged)
#   redteam5_pair_sabotage              rejected (csr spmv at rtol 1e-4: the midpoint moves rows'
#                                       boundaries by whole nonzeros, told apart)
#   redteam6_rowptr_degree_memo         wrong_result (exact: unchanged)
#   cheat_int8_quantised_fp32           precision_mismatch (idx permutation: a refill gathers other
#                                       rows, told apart by >> 1; 2-4 more reference runs)
#   problems check (every knob point; gate "ok", no invalid_spec, detail "model echo told apart"):
#     neighbor_aggregation (rowptr csr, rtol 1e-5: rows' boundaries move by whole neighbours)
#     corpus: bg_spmv_csr_scalar, list_walk (cycle, rtol 1e-4), tf_unsorted_segment_sum (sorted
#     int ids, the likeliest to change: host midpoint share 9.6-17.5, h28u_segment_sim), culsp_lomb_scargle,
#     cuml_tsne_attractive, pmpp_spmv_csr_powerlaw, pt_embedding_bag_powerlaw,
#     pt_segment_reduce_powerlaw, blw_pagerank_edgelist, xsb_lookup_unionized: all ok.
# Usage: probe_h28u.sh [SECONDS]   (default 560; writes $OUT/probe_h28u/). Cheat rounds capped at
# 40 s each, the problems check at 200 s.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
first="redteam28_sorted_mean_boys redteam28_perm_sampled_boys control_redteam27_sorted_bucket_search
  control_hon22_merge_path_sorted control_hon22_kv_cache_append"
later="redteam27_sorted_unlinted_sum redteam2_perm_positions redteam5_pair_sabotage
  cheat_int8_quantised_fp32 redteam5_cycle_order_memo redteam23_cycle_relabel_memo
  redteam6_rowptr_degree_memo"
# shellcheck disable=SC2086
cheat_probe_init probe_h28u "${1:-560}" $first $later || exit 1
model_lines() {  # the gate detail's model-echo words
  say "  model: $(grep -o 'modelled from the other half[^;"]\{0,160\}\|model echo told apart[^;"]\{0,160\}' <<<"$CR_REC" | head -1)"
  say "  narrowed 'no 1-in-2 echo of': $(grep -c 'no 1-in-2 echo of' <<<"$CR_REC");" \
    "phase: $(grep -o '"[a-z_/]*model_lint[a-z_/]*":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
}
for name in $first; do
  [[ " $CP_DIRS " == *" $name "* ]] || continue
  cheat_probe_round "$name" 40 40 check || continue
  model_lines
done
# Honest problems with structured law inputs at a non-exact tolerance (the model echo's only
# customers): the built-in neighbor_aggregation and the corpus folders, one problems check.
links=$(mktemp -d)
for f in corpus/bg_spmv_csr_scalar corpus/list_walk corpus_fresh11/tf_unsorted_segment_sum \
  corpus_fresh12/culsp_lomb_scargle corpus_fresh13/cuml_tsne_attractive \
  corpus_fresh2/pmpp_spmv_csr_powerlaw corpus_fresh4/pt_embedding_bag_powerlaw \
  corpus_fresh5/pt_segment_reduce_powerlaw corpus_fresh7/blw_pagerank_edgelist \
  corpus_fresh7/xsb_lookup_unionized; do
  ln -s "$PWD/tests/$f" "$links/$(basename "$f")"
done
ln -s "$PWD/problems/neighbor_aggregation" "$links/neighbor_aggregation"
l=$(left)
s=$SECONDS
timeout $((l < 200 ? l : 200)) "$B/bin/solver" --data-dir "$B/share/solver" problems check \
  --problems-dir "$links" --json >"$O/structured_check.json" 2>"$O/structured_check.log"
say "structured honest problems, problems check: exit $? in $((SECONDS - s)) s"
python3 - "$O/structured_check.json" <<'PY' | tee -a "$O/results.txt"
import json, re, sys
try:
    j = json.load(open(sys.argv[1]))
except Exception as e:
    print("no JSON:", e); sys.exit(0)
for r in j.get("rows", []):
    d = str(r.get("detail", ""))
    m = re.search(r"(modelled from the other half|model echo told apart)[^;]*", d)
    print(f'{r.get("problem")!s:28s} {r.get("variant")!s:10s} gate={r.get("gate")!s:12s} '
          f'{m.group(0)[:170] if m else d[:170]}')
print("failures:", j.get("failures"))
PY
rm -rf "$links"
for name in $later; do
  [[ " $CP_DIRS " == *" $name "* ]] || continue
  cheat_probe_round "$name" 40 40 check || continue
  model_lines
done
say "probe_h28u: $CP_OK of $CP_N cheat folders as their expect says (predicted: all); $((SECONDS - t0)) s"
