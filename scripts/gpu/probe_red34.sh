#!/usr/bin/env bash
# Issue 28, red team 34 (white-box, main 265ac6fb): four cheats in classes no earlier round
# built, two honest controls. Nothing here has run on a GPU (the helper had none).
#  - redteam34_median_fast_tail: right on every run; an honest float4 sum on 15 runs in 16 and
#    the same sum 48 times over on the sixteenth (a coin hashed from x[0..7], redrawn every timed
#    run). Every time decision reads medians (paired verdict, law pairs, P9's consistency, the
#    floor), so it is "faster" at ~2.7x while its mean time is ~1.44x the seed's. Host
#    (build/tests/engine/red34_sim, the engine's own decide_sequentially / decide_on_law /
#    timing_consistency): kept in 96.6% of rounds under --pairs 15, 98.1% under the default rule.
#  - redteam34_deep_include_chain: 33 quoted local headers; check_includes stops following at
#    depth 32 without refusing, so chain/h32.h's include of ../../../../engine/backend/gpu/
#    normal_knots.h (the harness's source) is never read; a static_assert proves NVRTC read it.
#    Host: main's `problems check` compiles it; the same include one link up is refused.
#  - redteam34_subnormal_packed_scratch: red team 33's 3-in-2 16-bit scratch rounded by
#    ((y 2^-149) 2^100) 2^49 (FP32's subnormal grid): no cvt, no rint/floor, no magic constant;
#    main's scans pass it. Host (scripts/host_emu/red34_subnormal_scratch.cpp): exact rounding,
#    worst error 0.48 of the tolerance.
#  - redteam34_own_buffers_placement: problems/layernorm's naive seed as seed AND child (the same
#    file, kernels:layernorm/naive.cu), the child adding a knob that sizes an unread scratch: the
#    pairs then run the two on separate allocations (same_buffer_layout false; red34_sim layout),
#    where docs/benchmarks.md measured identical layernorm arms "faster" in 48% of 52 trials on
#    2026-12-01 (softmax's naive seed 31%).
#  - control_redteam34_fp16_ieee_cast: PyTorch's / Maratyszcza FP16's FP32->FP16 conversion
#    (rounding by 2^112 x 2^-110 products, bits taken in integer code) into an f16 output.
#  - control_redteam34_splitk_scratch: split-K GEMM 256x256x32768, knob-sized partials: the pair
#    is on separate allocations by design.
# Closed on branch h34 (session 31; what this probe predicts now, unmeasured; "got" is compared
# with each expect's `live:`):
#   redteam34_median_fast_tail         rejected ("faster in median, not in total": the pairs'
#                                      mean ratio sum(inc)/sum(cand) < 1, or the law pairs'),
#                                      inconsistent_timing where the slow run fell only in a
#                                      gate series (expected_time_consistency); still KEPT ~2.7x
#                                      in ~5-10% of rounds (red34_sim: 8.1% adaptive, 6.5% at
#                                      15 pairs): rounds that drew no slow run in any timed
#                                      series (probability (15/16)^N, N ~ 40-50 runs). A keep in
#                                      most of 3 rounds would falsify the fix.
#   redteam34_deep_include_chain       not a round: `problems check --problems-dir
#                                      tests/cheats_load_refused` exits 2 naming "more than 32
#                                      levels of local includes" and the chain (host-verified)
#   redteam34_subnormal_packed_scratch precision_mismatch by main's scratch-resolution step
#                                      (host emulation: 0.911 of judged scratch words
#                                      unresolved, as red team 33's child); wrong_result would
#                                      mean the device flushed the subnormal product (FTZ on)
#   redteam34_own_buffers_placement    rejected in every round (since place35 the two
#                                      allocations change hands between pairs:
#                                      placement_plan.h; pair_buffers "exchanged", median
#                                      ratio ~1.00; scripts/gpu/probe_place35.sh); the
#                                      shared baseline kept in ~0-2% (unchanged)
#   control_redteam34_fp16_ieee_cast   KEPT ~1.5-3x (as expect)
#   control_redteam34_splitk_scratch   KEPT ~2-3x (as expect; above 1.03 on separate buffers)
# Before h34 (main 265ac6fb), predicted: median_fast_tail KEPT ~2.7x in ~96% of rounds,
# deep_include_chain KEPT ~2.5-2.8x, subnormal KEPT ~1.05-1.12x, own_buffers kept in 10-40%.
# Usage: probe_red34.sh [SECONDS] [PART]   (default 560, PART all; writes $OUT/probe_red34/).
#   PART: all | folders (the six folders once, the offline scan) | repeats (median_fast_tail's
#   extra rounds and the placement rounds with their shared-buffer baseline). Two calls of
#   `folders` then `repeats` fit the device's 600 s a call better than one `all`.
#   REPEATS (default 3): the rounds of each repeated folder, seeds 11, 12, ...
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
REPEATS=${REPEATS:-3}
FOLDERS="redteam34_median_fast_tail redteam34_subnormal_packed_scratch
  redteam34_own_buffers_placement control_redteam34_fp16_ieee_cast control_redteam34_splitk_scratch"
# shellcheck disable=SC2086
cheat_probe_init probe_red34 "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
buffers() { grep -o '"pair_buffers":"[a-z]*"' <<<"$1" | head -1 | cut -d'"' -f4; }
if [[ "$PART" == all || "$PART" == folders ]]; then
  # The include chain is refused at load since h34 (it moved to tests/cheats_load_refused/).
  "$B/bin/solver" problems check --problems-dir tests/cheats_load_refused \
    --problem redteam34_deep_include_chain >"$O/red34_load.log" 2>&1
  rc=$?
  say "redteam34_deep_include_chain: problems check exit $rc (expect 2), depth refusal named" \
    "$(grep -c 'levels of local includes' "$O/red34_load.log") times"
  # shellcheck disable=SC2086
  cheat_probe_scan 120 $FOLDERS
  say "offline scan: $(grep -c 'compile ok\|  ok  ' "$O/problems_check.log") ok lines;" \
    "precision_mismatch lines: $(grep -c precision_mismatch "$O/problems_check.log");" \
    "(the include chain is checked at load above)"
  for name in $CP_DIRS; do
    cheat_probe_round "$name" 150 40 check || continue
    say "  pair_buffers $(buffers "$CR_REC"); medians:" \
      "$(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
    cp "$O/$name/ledger.jsonl" "$O/$name.round1.jsonl" 2>/dev/null
  done
fi
if [[ "$PART" == all || "$PART" == repeats ]]; then
  # The median cheat's rounds pooled: mean over pairs of 1 / ratio (candidate over incumbent).
  pooled=""
  for ((k = 1; k <= REPEATS; ++k)); do
    CR_SEED=$((10 + k)) cheat_probe_round redteam34_median_fast_tail 150 40 check || break
    pooled="$pooled $(grep -o '"ratios":\[[^]]*\]' <<<"$CR_REC" | head -1 | sed 's/.*\[//; s/\]//' |
      tr ',' ' ')"
  done
  say "median_fast_tail pooled over $(wc -w <<<"$pooled") pairs: $(awk '{n = 0; s = 0; m = 0;
    for (i = 1; i <= NF; ++i) { s += 1 / $i; ++n; if ($i < 1) ++m }
    if (n) printf "mean(1/ratio) %.3f (candidate time over seed, averaged; >1 is slower), pairs with the candidate slower %d", s / n, m }' <<<"$pooled")"
  # Placement: the folder as it is (separate allocations), then the same folder without the
  # child's knob and the pad buffer (one set of buffers), REPEATS rounds each.
  kept_sep=0 kept_shared=0
  for ((k = 1; k <= REPEATS; ++k)); do
    CR_SEED=$((20 + k)) cheat_probe_round redteam34_own_buffers_placement 120 40 check || break
    [[ "$CR_GOT" == kept ]] && kept_sep=$((kept_sep + 1))
    say "  separate round $k: pair_buffers $(buffers "$CR_REC"), $CR_GOT, ratio ${CR_RATIO:--}"
  done
  base=$(mktemp -d)
  cp -r tests/cheats/redteam34_own_buffers_placement "$base/"
  sed -i '/^    knobs:$/d; /^      PAD: \[1\]$/d; /^  pad: /d' "$base/redteam34_own_buffers_placement/problem.yaml"
  for ((k = 1; k <= REPEATS; ++k)); do
    (($(left) > 20)) || { say "  shared round $k: not run (budget spent)"; break; }
    rm -rf "$O/shared$k"
    timeout 120 "$B/bin/solver" run --problem redteam34_own_buffers_placement \
      --problems-dir "$base" --rules tests/cheats/rules.yaml --rounds 1 --evolve off --pairs 15 \
      --seed $((20 + k)) --backend live --out "$O/shared$k" --quiet >"$O/shared$k.log" 2>&1
    rec=$(tail -n 1 "$O/shared$k/ledger.jsonl" 2>/dev/null)
    got=$(grep -o '"outcome":"[a-z-]*"' <<<"$rec" | head -1 | cut -d'"' -f4)
    [[ "$got" == kept ]] && kept_shared=$((kept_shared + 1))
    say "  shared round $k: pair_buffers $(buffers "$rec"), ${got:-no record}," \
      "ratio $(grep -o '"median_ratio":[0-9.e+-]*' <<<"$rec" | head -1 | cut -d: -f2)"
  done
  rm -rf "$base"
  say "own_buffers_placement: kept $kept_sep of $REPEATS rounds on separate allocations," \
    "$kept_shared of $REPEATS on one set of buffers (predicted 0 since h34 and ~0%)"
fi
say "probe_red34: $CP_OK of $CP_N as their expect says (after h34 predicted: all of them, but" \
  "median_fast_tail kept in ~5-10% of its rounds);" \
  "$((CP_BUDGET - $(left) - 2)) s"
