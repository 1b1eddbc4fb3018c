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
budget=${1:-150}
O=${OUT:-/tmp}/probe_red5
mkdir -p "$O"
: >"$O/results.txt"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
# shellcheck source=lib/cheat_round.sh
source scripts/gpu/lib/cheat_round.sh
export PATH=/usr/local/cuda/bin:$PATH
t0=$SECONDS
left() { echo $((budget - (SECONDS - t0) - 2)); }
dirs=""
for f in redteam5_pair_sabotage redteam5_intnormal_memo redteam5_cycle_order_memo \
  control_redteam5_llmc_adamw control_redteam5_llmc_encoder_bwd \
  control_redteam5_llmc_online_softmax redteam5_class_alias_mma; do
  [[ -f tests/cheats/$f/expect ]] && dirs="$dirs tests/cheats/$f/"
done
if [[ -z "$dirs" || ! -x "$B/bin/solver" ]]; then
  echo "probe_red5: nothing run (folders: $(echo $dirs | wc -w), solver: $B/bin/solver)"
  exit 1
fi
kept=0
n=0
for dir in $dirs; do
  name=$(basename "$dir")
  l=$(left)
  if ((l < 10)); then
    echo "$name: not run (budget spent)" | tee -a "$O/results.txt"
    continue
  fi
  per=$((l < 30 ? l : 30))
  cheat_round "$B/bin/solver" "$name" "$O" "$per"
  got=$CR_GOT want=$CR_WANT rec=$CR_REC detail=$CR_DETAIL ratio=$CR_RATIO
  n=$((n + 1))
  [[ "$got" == kept ]] && kept=$((kept + 1))
  printf '%-38s today %-20s once closed %-20s ratio %-8s %3ds | %s\n' "$name" "$got" "$want" \
    "${ratio:--}" "$CR_SECONDS" "$detail" | tee -a "$O/results.txt"
  if [[ "$name" == redteam5_pair_sabotage ]]; then
    echo "  pairs: $(grep -o '"ratios":\[[^]]*\]' <<<"$rec" | head -1)" | tee -a "$O/results.txt"
    echo "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$rec" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$rec" | head -1)" \
      "ci_low $(grep -o '"ci_low":[0-9.e+-]*' <<<"$rec" | head -1 | cut -d: -f2)" |
      tee -a "$O/results.txt"
  fi
done
# The bundle's own scan (offline half): with branch red5's judged_class the class-alias cheat is
# refused (1 of 1); with main's scan before it, 0 (hole open).
if (($(left) > 15)); then
  pc=$(mktemp -d)
  ln -s "$PWD/tests/cheats/redteam5_class_alias_mma" "$pc/redteam5_class_alias_mma"
  timeout 15 "$B/bin/solver" problems check --problems-dir "$pc" --compile-only \
    >"$O/problems_check.log" 2>&1
  echo "scan: $(grep -cE '^redteam5_class_alias_mma +cheat .*precision' "$O/problems_check.log")" \
    "of 1 class-alias cheat refused by the bundle's PTX scan (0 = hole open)" |
    tee -a "$O/results.txt"
  rm -rf "$pc"
fi
echo "probe_red5: $kept of $n folders kept today (cheats kept = open holes; controls must be" \
  "kept); $((SECONDS - t0)) s" | tee -a "$O/results.txt"
