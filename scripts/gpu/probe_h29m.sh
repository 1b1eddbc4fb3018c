#!/usr/bin/env bash
# Issue 28, helper h29m: two of red team 29's holes closed (host-measured, unrun live).
#  - The deal (redteam29_deal_parity_hand): both parity refills put back the values each parity
#    held, so a deal's hands move by exactly 0 (excused). A third model echo of a permutation or a
#    cycle, the keyed-half refill (model_echo.h kKeyedHalf: the moved places a keyed random half,
#    crossing the parities; one more reference run a set), moves them: host (red29_sim deal 24 8)
#    set 0 0.015, the fresh set 0.0091 at rtol 1e-2 -> invalid_spec; the control at rtol 1e-5
#    15.4 -> told apart, kept. Share 0 is still excused.
#  - The integer normal (redteam29_intnormal_cv_sum): P6l's strata now on every redrawn law input
#    but dist_fixed, an integer normal off the law included (it is i.i.d. there; the strata are
#    the law pairs' own i.i.d. halves of u). Host (red29_sim inorm 24 16): strata on 16 of 16
#    off-law runs (was 0); the child's detector sees every one and takes its honest FP32 path;
#    without the detector its sample is out on 12 of 16. Only 2 of the 544 problem folders have a
#    non-dist_fixed integer normal input (this one and redteam5_intnormal_memo): no built-in seed
#    and no honest corpus problem has its timed runs changed (so no honest seed is listed here).
# Not closed: the loud heads (the red team's least-element fold refuses an honest gather, z = p
# and w = x[p], even at rtol 1e-5: red29_sim gather 20), the prime stride, the tiny rtol.
# Predicted (bundle from branch h29m; each round 2-11 s on red teams 27-29's folders):
#   redteam29_deal_parity_hand        invalid_spec (was predicted KEPT ~6-8x): "out moves by at
#                                     most 0.015 of its tolerance under p's model echo (set 0
#                                     0.015 / the fresh set 0.0091)"
#   control_redteam29_deal_exact_hand kept ~4-10x, "model echo told apart: out by p's on set 0
#                                     (at 15)"
#   redteam29_intnormal_cv_sum        expect says wrong_result (the red team's); h29m predicts
#                                     KEPT at the FP32 honest path's speed (~1.5-2.5x, the ratio
#                                     the red team gave its law pairs), a MISMATCH that is not a
#                                     hole: every timed run is stratified, the detector sums every
#                                     term (FP32 lgammaf, ~1e-6 a term against ~157 units of
#                                     tolerance). A wrong_result would say the FP32 path errs.
#   redteam5_intnormal_memo           rejected (unchanged: a memo of an integer normal input)
#   redteam28_perm_sampled_boys       invalid_spec (unchanged: the keyed refill moves its sum by
#                                     ~0.06-0.08 like the parity refills: red29_sim head's out[0])
#   redteam29_perm_loud_head_boys     KEPT ~7-7.5x (open; MISMATCH against invalid_spec)
#   control_hon22_kv_cache_append, control_redteam27_sorted_bucket_search,
#   control_redteam27_law_poly_lbeta  kept (exact tolerances or no structured input: no change)
#   problems check of list_walk (cycle, rtol 1e-4): gate ok, "model echo told apart" (a walked
#   sum moves by far more than 1 under any refill). It is the one honest corpus folder with a
#   permutation or cycle at a non-exact tolerance (cusamples_particles_reorder, cs_bitonic_shared,
#   cudpp_listrank_jump and _chase, vllm_reshape_and_cache are exact: no model echo at all).
# Usage: probe_h29m.sh [SECONDS]   (default 200; writes $OUT/probe_h29m/). Rounds capped at 25 s,
# the problems check at 70 s (~90-170 s in all).
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
first="redteam29_deal_parity_hand control_redteam29_deal_exact_hand redteam29_intnormal_cv_sum
  redteam5_intnormal_memo redteam28_perm_sampled_boys"
later="redteam29_perm_loud_head_boys control_hon22_kv_cache_append
  control_redteam27_sorted_bucket_search control_redteam27_law_poly_lbeta"
# shellcheck disable=SC2086
cheat_probe_init probe_h29m "${1:-200}" $first $later || exit 1
model_lines() {  # the gate detail's model-echo words
  say "  model: $(grep -o 'modelled from the other half[^;"]\{0,200\}\|model echo told apart[^;"]\{0,160\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
}
for name in $first; do
  [[ " $CP_DIRS " == *" $name "* ]] || continue
  cheat_probe_round "$name" 25 40 check || continue
  model_lines
done
links=$(mktemp -d)
for f in corpus/list_walk; do
  ln -s "$PWD/tests/$f" "$links/$(basename "$f")"
done
l=$(left)
s=$SECONDS
timeout $((l < 70 ? l : 70)) "$B/bin/solver" --data-dir "$B/share/solver" problems check \
  --problems-dir "$links" --json >"$O/structured_check.json" 2>"$O/structured_check.log"
say "list_walk (cycle, rtol 1e-4), problems check: exit $? in $((SECONDS - s)) s"
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
  cheat_probe_round "$name" 25 40 check || continue
  model_lines
done
say "probe_h29m: $CP_OK of $CP_N cheat folders as their expect says (predicted: all but" \
  "redteam29_intnormal_cv_sum, read above, and redteam29_perm_loud_head_boys, open); $((SECONDS - t0)) s"
