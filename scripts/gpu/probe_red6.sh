#!/usr/bin/env bash
# Red team round 6 probe (issue 28, helper red6): each folder tests/cheats/*redteam6* gets one
# round of the real loop through the live backend (gate, paired timing, verdict), as
# scripts/gpu/cheats.sh runs one cheat, and the round's outcome is printed next to the `live:`
# of its expect file (what it must get once its hole is closed; controls: kept). Predicted today
# (README.md of each folder, unmeasured): the four cheats KEPT (redteam6_amax_tail_subsample,
# redteam6_rowptr_degree_memo, redteam6_fp64_as_fp32, redteam6_inout_guess_sabotage: open
# holes), control_redteam6_f64_rsqrt_seed and control_redteam6_llmc_bias_accum kept.
# For the sabotage folder it also prints both paired medians (the incumbent's should sit far
# above the child's, ~10x, if the poisoned warm start acted) and the per-pair ratios; then the
# bundle's offline scan of the FP64-as-FP32 cheat (0 refused = hole open).
# Usage: probe_red6.sh [SECONDS]   (default 300; writes $OUT/probe_red6/). Predicted run time
# (unmeasured): ~5-20 s a folder (the FP64 GEMM and the N-body take ~ms a run; the amax and
# rowptr sets are 256 MiB and 64 MiB to draw on the host), ~90-200 s in all; each folder is capped
# at 60 s.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red6 "${1:-300}" redteam6_inout_guess_sabotage redteam6_rowptr_degree_memo \
  redteam6_amax_tail_subsample redteam6_fp64_as_fp32 control_redteam6_f64_rsqrt_seed \
  control_redteam6_llmc_bias_accum || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 60 38 || continue
  if [[ "$name" == redteam6_inout_guess_sabotage ]]; then
    say "  pairs: $(grep -o '"ratios":\[[^]]*\]' <<<"$CR_REC" | head -1)"
    say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  fi
  if [[ "$name" == redteam6_amax_tail_subsample || "$name" == redteam6_rowptr_degree_memo ]]; then
    # The narrowed-check line and the gate's adversarial sets, as the gate wrote them.
    say "  gate: $(grep -o '"adversarial[^"]\{0,160\}' <<<"$CR_REC" | head -1)"
  fi
done
# The bundle's own scan (offline half): 0 of 1 refused while the hole is open; the control must
# stay unrefused (0 of 1) before and after a fix.
if (($(left) > 15)); then
  cheat_probe_scan 15 redteam6_fp64_as_fp32 control_redteam6_f64_rsqrt_seed
  say "scan: $(grep -cE '^redteam6_fp64_as_fp32 +cheat .*precision' "$O/problems_check.log")" \
    "of 1 FP64-as-FP32 cheat refused (0 = hole open);" \
    "$(grep -cE '^control_redteam6_f64_rsqrt_seed +control .*precision' "$O/problems_check.log")" \
    "of 1 control refused (must be 0)"
fi
say "probe_red6: $CP_KEPT of $CP_N folders kept today (cheats kept = open holes; controls must be" \
  "kept); $((SECONDS - t0)) s"
