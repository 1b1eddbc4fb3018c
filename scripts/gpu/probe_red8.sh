#!/usr/bin/env bash
# Red team round 8 probe (issue 28, helper red8): each folder tests/cheats/*redteam8* gets one
# round of the real loop through the live backend (gate, paired timing, verdict), as
# scripts/gpu/cheats.sh runs one cheat (scripts/gpu/lib/cheat_round.sh), and the round's outcome
# is printed next to the `live:` of its expect file (what it must get once its hole is closed;
# controls: kept). Predicted (unmeasured), with main 2a6043f's bundle -> with branch red8's:
#   redteam8_window_table_carry   KEPT ~1.5-2.5x (a __device__ table built by the warm-ups)
#                                 -> rejected (the module is reloaded before every run)
#   redteam8_slack_table_carry    KEPT ~1.5-2x (the table in the output's 2 MiB arena slot)
#                                 -> rejected (the arena slack is rewritten before every run)
#   redteam8_heap_table_carry     KEPT ~1.2-1.8x if device malloc+free is cheap and hands back
#                                 the same block, else rejected -> invalid_spec (heap refused)
#   redteam8_f32in_fp64_tiles     KEPT ~2-3x -> precision_mismatch (the fp64 majority rule)
#   control_redteam8_cuda_samples_blackscholes  kept -> kept
#   control_redteam8_zlib_slice4_global         kept -> kept (reloaded per run, same answers)
# For the three carry folders it also prints the gate detail's median and the paired medians
# (the carry shows as a child faster in timed runs than its gate checks suggest), and first the
# bundle's offline scan of the fp64 and heap folders (which scan the bundle carries).
# Usage: probe_red8.sh [SECONDS]   (default 240; writes $OUT/probe_red8/). Predicted run time
# (unmeasured): ~10-30 s a folder (the GEMM's FP64 seed ~10-20 ms a run; the rest are small),
# ~100-150 s in all; each folder is capped at 45 s.
set -u
budget=${1:-240}
O=${OUT:-/tmp}/probe_red8
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
for f in redteam8_window_table_carry redteam8_slack_table_carry redteam8_heap_table_carry \
  redteam8_f32in_fp64_tiles \
  control_redteam8_cuda_samples_blackscholes control_redteam8_zlib_slice4_global; do
  [[ -f tests/cheats/$f/expect ]] && dirs="$dirs $f"
done
if [[ -z "$dirs" || ! -x "$B/bin/solver" ]]; then
  echo "probe_red8: nothing run (folders: $(echo $dirs | wc -w), solver: $B/bin/solver)"
  exit 1
fi
# The bundle's own scan first (seconds, no GPU): which rules the live gate will apply.
pc=$(mktemp -d)
for f in redteam8_f32in_fp64_tiles redteam8_heap_table_carry control_redteam8_cuda_samples_blackscholes; do
  ln -s "$PWD/tests/cheats/$f" "$pc/$f"
done
timeout 30 "$B/bin/solver" problems check --problems-dir "$pc" --compile-only \
  >"$O/problems_check.log" 2>&1
echo "scan: $(grep -cE '^redteam8_f32in_fp64_tiles +cheat .*precision' "$O/problems_check.log")" \
  "of 1 FP32-tile fp64 cheat refused (0 = main's scan, hole open; 1 = red8's);" \
  "$(grep -cE '^redteam8_heap_table_carry +cheat .*(malloc|heap)' "$O/problems_check.log")" \
  "of 1 heap cheat refused (0 = main; 1 = red8's);" \
  "$(grep -cE '^control_redteam8_cuda_samples_blackscholes +control .*(precision|error)' "$O/problems_check.log")" \
  "of 1 control refused (must be 0)" | tee -a "$O/results.txt"
rm -rf "$pc"
kept=0
n=0
for name in $dirs; do
  l=$(left)
  if ((l < 10)); then
    echo "$name: not run (budget spent)" | tee -a "$O/results.txt"
    continue
  fi
  per=$((l < 45 ? l : 45))
  cheat_round "$B/bin/solver" "$name" "$O" "$per"
  n=$((n + 1))
  [[ "$CR_GOT" == kept ]] && kept=$((kept + 1))
  printf '%-44s got %-14s once closed %-14s ratio %-8s %3ds | %s\n' "$name" "$CR_GOT" \
    "$CR_WANT" "${CR_RATIO:--}" "$CR_SECONDS" "$CR_DETAIL" | tee -a "$O/results.txt"
  if [[ "$name" == redteam8_*_carry ]]; then
    echo "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,40\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')" |
      tee -a "$O/results.txt"
    echo "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" |
      tee -a "$O/results.txt"
  fi
done
echo "probe_red8: $kept of $n folders kept (cheats kept = open holes; controls must be kept);" \
  "$((SECONDS - t0)) s" | tee -a "$O/results.txt"
