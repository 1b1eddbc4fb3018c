#!/usr/bin/env bash
# Helper hon21's probe (issue 28: "0 honest kernels refused", round 3 of honest kernels nobody
# here wrote): 10 honest controls control_hon21_* (tests/cheats/README.md, hon21;
# docs/reliability.md "Honest kernels nobody here wrote, round 3"), each one round of the real
# loop through the live backend (lib/cheat_probe.sh), its outcome next to its expect's `live:`
# (kept). Offline all 10 pass `problems check --compile-only` and cheat_suite_test on branch hon21
# and on main alike; two were refused on main where the verdict is decided on the device, both
# answered on branch hon21 (compare passes an output equal to an infinite reference):
#   causal_log_softmax: half of y is -inf (masked keys, log 0) in the reference and every
#     kernel; main's comparison refused every non-finite output: the SEED gate-failed
#     (wrong_result) on every set. Host: tests/engine/hon21_sim.
#   erfinv_normal_inplace: U[-1, 1) holds -1.0f (a draw rounds to it once in 2^26); each of the
#     worker's three standing sets holds exactly one (infinite_reference_test): erfinv(-1) =
#     -inf, so on main the SEED gate-failed (wrong_result) at set 0 with certainty.
# Predicted (no GPU in that session; H100 or H200; seeds are naive ports, so each child is
# clearly faster):
#   control_hon21_causal_log_softmax     KEPT ~10-30x (main: wrong_result, the seed at set 0)
#   control_hon21_erfinv_normal_inplace  KEPT ~1.5-3x (two launches -> one; main: wrong_result)
#   control_hon21_argmax_int_ties        KEPT ~5-20x (seed: a thread per row)
#   control_hon21_topk_int_ties          KEPT ~10-40x (seed: 8 passes a row, a thread per row;
#                                        the child's lane lists checked on the host, 2000 rows)
#   control_hon21_inplace_scan_cub       KEPT ~1.3-2x (4 passes over x -> 3; in place, 3 launches)
#   control_hon21_popcount_knn           KEPT ~5-15x (Kernighan's loop -> __popc; integer-only)
#   control_hon21_embedding_gather       KEPT ~3-10x (a thread per token -> float4 per thread)
#   control_hon21_nonzero_ballot         KEPT ~10-50x (the seed's one-thread scan of 16384
#                                        counts dominates; ballot ranks; written without a GPU:
#                                        a slip is wrong_result, not a defence)
#   control_hon21_lse_ex2_bf16           KEPT ~10-30x (ex2/lg2.approx under a bf16 class)
#   control_hon21_tf32_split             KEPT ~1.4-1.7x (memory-bound: 20 bytes a value in two
#                                        launches -> 12 in one; cvt.rna.tf32 under tf32)
# Also, not a folder: hon20's histogram at rtol = atol = 1e-4 (an author's "FP32 atomics" choice)
# is off the law (set 0's weakest share 28.9 with w echoed alone, under P6h's 30), so its SEED
# fails the fresh set (~200 x, h28w_hist_sim's 1,821-2,078 x at 1e-5): predicted gate-failed
# wrong_result, whose detail now ends with law_remedy's "these inputs were off the declared law
# ... rtol <= 9.6e-05 ..." (law_checks.h). The probe runs it from a copy under $O.
# Printed per folder: the gate's median, the paired medians and the verdict's reason.
# Usage: probe_hon21.sh [SECONDS [FOLDER...]]   (default 560 s and the 10 folders in the order
# above, then the histogram at 1e-4; writes $OUT/probe_hon21/). Each folder is capped at 40 s,
# the scan at 60 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
folders=(control_hon21_causal_log_softmax control_hon21_erfinv_normal_inplace
  control_hon21_argmax_int_ties control_hon21_topk_int_ties control_hon21_inplace_scan_cub
  control_hon21_popcount_knn control_hon21_embedding_gather control_hon21_nonzero_ballot
  control_hon21_lse_ex2_bf16 control_hon21_tf32_split)
(($# > 1)) && folders=("${@:2}")
cheat_probe_init probe_hon21 "${1:-560}" "${folders[@]}" || exit 1
cheat_probe_scan 60 $CP_DIRS
say "scan: $(grep -cE '^control_hon21_[a-z0-9_]+ +(honest|control) .*(precision|error)' \
  "$O/problems_check.log") of 20 variants refused offline (0 expected, on main too)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 40 38 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  verdict: $(grep -o '"reason":"[^"]\{0,300\}' <<<"$CR_REC" | head -1)"
done
say "probe_hon21: $CP_KEPT of $CP_N controls kept (all must be), $CP_OK of $CP_N as" \
  "their expect says; $((SECONDS - t0)) s"
# hon20's histogram at rtol = atol = 1e-4, from a copy (not a control: its refusal is the
# declaration's, and the point is what the gate says).
if (($(left) > 45)) && (($# < 2)); then
  H=$O/hist_1e4
  mkdir -p "$H"
  rm -rf "$H/control_hon20_atomic_float_histogram"
  cp -r tests/cheats/control_hon20_atomic_float_histogram "$H/"
  sed -i 's/fp32: {rtol: 1.0e-5, atol: 1.0e-5}/fp32: {rtol: 1.0e-4, atol: 1.0e-4}/' \
    "$H/control_hon20_atomic_float_histogram/problem.yaml"
  timeout 40 "$B/bin/solver" run --problem control_hon20_atomic_float_histogram \
    --problems-dir "$H" --rules tests/cheats/rules.yaml --rounds 1 --evolve off --pairs 15 \
    --seed 7 --backend live --out "$H/run" --quiet >"$H/run.log" 2>&1
  rec=$(tail -n 1 "$H/run/ledger.jsonl" 2>/dev/null)
  say "hon20 histogram at 1e-4: $(grep -o '"outcome":"[a-z-]*"' <<<"$rec" | head -1)" \
    "$(grep -o '"status":"[a-z_]*"' <<<"$rec" | head -1)" \
    "(predicted gate-failed wrong_result, its detail naming the remedy)"
  say "  detail: $(grep -o '"detail":"[^"]\{0,700\}' <<<"$rec" | head -1)"
  say "  remedy said: $(grep -c 'off the declared law' <<<"$rec") (1 expected)"
fi
