#!/usr/bin/env bash
# Red team round 5 probe (issue 28, helper red5): each folder tests/cheats/*redteam5* gets one
# round of the real loop through the live backend (gate, paired timing, verdict), as
# scripts/gpu/cheats.sh runs one cheat, and the round's outcome is printed next to the `live:`
# of its expect file (what it must get once its hole is closed; controls: kept). Predicted today
# (README.md of each folder): the cheats redteam5_cycle_order_memo, redteam5_intnormal_memo and
# redteam5_pair_sabotage KEPT (open holes), redteam5_class_alias_mma precision_mismatch with a
# bundle built from branch red5 (KEPT with main's scan), control_redteam5_llmc_adamw REFUSED
# (wrong_result: a false rejection, the quarter of v negated), the other two controls kept.
# For the sabotage folder it also prints the verdict's per-pair ratios and both medians (the
# incumbent's paired median should sit well above the seed's own time if the sabotage acted).
# Then the bundle's offline scan of the class-alias cheat.
# Usage: probe_red5.sh [SECONDS]   (default 150; writes $OUT/probe_red5/). Predicted run time
# (unmeasured): ~5-10 s a folder (cheats.sh rounds took 1-6 s each on 2026-12-02f), ~60 s in all;
# each folder is capped at 30 s.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red5 "${1:-150}" redteam5_pair_sabotage redteam5_intnormal_memo \
  redteam5_cycle_order_memo control_redteam5_llmc_adamw control_redteam5_llmc_encoder_bwd \
  control_redteam5_llmc_online_softmax redteam5_class_alias_mma || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 30 38 || continue
  if [[ "$name" == redteam5_pair_sabotage ]]; then
    say "  pairs: $(grep -o '"ratios":\[[^]]*\]' <<<"$CR_REC" | head -1)"
    say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
      "ci_low $(grep -o '"ci_low":[0-9.e+-]*' <<<"$CR_REC" | head -1 | cut -d: -f2)"
  fi
done
# The bundle's own scan (offline half): with branch red5's judged_class the class-alias cheat is
# refused (1 of 1); with main's scan before it, 0 (hole open).
if (($(left) > 15)); then
  cheat_probe_scan 15 redteam5_class_alias_mma
  say "scan: $(grep -cE '^redteam5_class_alias_mma +cheat .*precision' "$O/problems_check.log")" \
    "of 1 class-alias cheat refused by the bundle's PTX scan (0 = hole open)"
fi
say "probe_red5: $CP_KEPT of $CP_N folders kept today (cheats kept = open holes; controls must be" \
  "kept); $((SECONDS - t0)) s"
