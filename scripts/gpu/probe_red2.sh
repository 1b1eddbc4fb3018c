#!/usr/bin/env bash
# Red team round 2 probe (issue 28, helper red2): each folder tests/cheats/*redteam2* gets one
# round of the real loop through the live backend (gate, paired timing, verdict), as
# scripts/gpu/cheats.sh runs one cheat, and the round's outcome is printed next to what it would
# get if the harness were already closed against it (`live:` in its expect file). Cheats expected
# KEPT today (the holes are open); controls must be kept.
# Usage: probe_red2.sh [SECONDS]   (default 90; writes $OUT/probe_red2/)
# Needs branch red2's tests/cheats/*redteam2* folders in the tree it runs from.
set -u
budget=${1:-90}
O=${OUT:-/tmp}/probe_red2
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
t0=$SECONDS
dirs=""
for f in redteam2_even_memo redteam2_sparse_memo redteam2_perm_positions redteam2_inout_sort \
  redteam2_spaced_mma redteam2_max_subsample control_redteam2_search control_redteam2_const_table; do
  [[ -f tests/cheats/$f/expect ]] && dirs="$dirs tests/cheats/$f/"
done
if [[ -z "$dirs" || ! -x "$B/bin/solver" ]]; then
  echo "probe_red2: nothing run (folders: $(echo $dirs | wc -w), solver: $B/bin/solver)"
  exit 1
fi
kept=0
n=0
for dir in $dirs; do
  name=$(basename "$dir")
  left=$((budget - (SECONDS - t0) - 3))
  if ((left < 8)); then
    echo "$name: not run (budget spent)" | tee -a "$O/results.txt"
    continue
  fi
  per=$((left < 20 ? left : 20))
  want=$(sed -n 's/^live: *//p' "$dir/expect")
  rm -rf "${O:?}/$name"
  s=$SECONDS
  timeout "$per" "$B/bin/solver" run --problem "$name" --problems-dir tests/cheats \
    --rules tests/cheats/rules.yaml --rounds 1 --evolve off --pairs 15 --seed 7 \
    --backend live --out "$O/$name" --quiet >"$O/$name.log" 2>&1
  rc=$?
  rec=$(tail -n 1 "$O/$name/ledger.jsonl" 2>/dev/null)
  outcome=$(grep -o '"outcome":"[a-z-]*"' <<<"$rec" | head -1 | cut -d'"' -f4)
  status=$(grep -o '"status":"[a-z_]*"' <<<"$rec" | head -1 | cut -d'"' -f4)
  got=$outcome
  [[ "$outcome" == "gate-failed" ]] && got=$status
  [[ -z "$got" ]] && got="no-record(exit $rc)"
  n=$((n + 1))
  [[ "$got" == kept ]] && kept=$((kept + 1))
  detail=$(grep -o '"detail":"[^"]\{0,160\}' <<<"$rec" | head -1 | cut -d'"' -f4)
  ratio=$(grep -o '"median_ratio":[0-9.e+-]*' <<<"$rec" | head -1 | cut -d: -f2)
  printf '%-30s today %-18s once closed %-14s ratio %-8s %3ds | %s\n' "$name" "$got" "$want" \
    "${ratio:--}" $((SECONDS - s)) "$detail" | tee -a "$O/results.txt"
done
echo "probe_red2: $kept of $n folders kept today (cheats kept = open holes; controls must be kept)"
