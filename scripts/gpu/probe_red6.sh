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
budget=${1:-300}
O=${OUT:-/tmp}/probe_red6
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
for f in redteam6_inout_guess_sabotage redteam6_rowptr_degree_memo redteam6_amax_tail_subsample \
  redteam6_fp64_as_fp32 control_redteam6_f64_rsqrt_seed control_redteam6_llmc_bias_accum; do
  [[ -f tests/cheats/$f/expect ]] && dirs="$dirs tests/cheats/$f/"
done
if [[ -z "$dirs" || ! -x "$B/bin/solver" ]]; then
  echo "probe_red6: nothing run (folders: $(echo $dirs | wc -w), solver: $B/bin/solver)"
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
  per=$((l < 60 ? l : 60))
  cheat_round "$B/bin/solver" "$name" "$O" "$per"
  got=$CR_GOT want=$CR_WANT rec=$CR_REC detail=$CR_DETAIL ratio=$CR_RATIO
  n=$((n + 1))
  [[ "$got" == kept ]] && kept=$((kept + 1))
  printf '%-38s today %-20s once closed %-20s ratio %-8s %3ds | %s\n' "$name" "$got" "$want" \
    "${ratio:--}" "$CR_SECONDS" "$detail" | tee -a "$O/results.txt"
  if [[ "$name" == redteam6_inout_guess_sabotage ]]; then
    echo "  pairs: $(grep -o '"ratios":\[[^]]*\]' <<<"$rec" | head -1)" | tee -a "$O/results.txt"
    echo "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$rec" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$rec" | head -1)" | tee -a "$O/results.txt"
  fi
  if [[ "$name" == redteam6_amax_tail_subsample || "$name" == redteam6_rowptr_degree_memo ]]; then
    # The narrowed-check line and the gate's adversarial sets, as the gate wrote them.
    echo "  gate: $(grep -o '"adversarial[^"]\{0,160\}' <<<"$rec" | head -1)" | tee -a "$O/results.txt"
  fi
done
# The bundle's own scan (offline half): 0 of 1 refused while the hole is open; the control must
# stay unrefused (0 of 1) before and after a fix.
if (($(left) > 15)); then
  pc=$(mktemp -d)
  ln -s "$PWD/tests/cheats/redteam6_fp64_as_fp32" "$pc/redteam6_fp64_as_fp32"
  ln -s "$PWD/tests/cheats/control_redteam6_f64_rsqrt_seed" "$pc/control_redteam6_f64_rsqrt_seed"
  timeout 15 "$B/bin/solver" problems check --problems-dir "$pc" --compile-only \
    >"$O/problems_check.log" 2>&1
  echo "scan: $(grep -cE '^redteam6_fp64_as_fp32 +cheat .*precision' "$O/problems_check.log")" \
    "of 1 FP64-as-FP32 cheat refused (0 = hole open);" \
    "$(grep -cE '^control_redteam6_f64_rsqrt_seed +control .*precision' "$O/problems_check.log")" \
    "of 1 control refused (must be 0)" | tee -a "$O/results.txt"
  rm -rf "$pc"
fi
echo "probe_red6: $kept of $n folders kept today (cheats kept = open holes; controls must be" \
  "kept); $((SECONDS - t0)) s" | tee -a "$O/results.txt"
