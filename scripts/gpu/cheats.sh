#!/usr/bin/env bash
# The cheat suite (tests/cheats, issue 12) live on the GPU machine: every cheat, as the child of
# an honest seed, gets one round of the real loop (gate, paired timing, verdict) through the
# live backend, and the round's outcome is compared with the cheat's `expect` file.
#
#   scripts/gpu/cheats.sh            from the repo root; the bundle under $SOLVER_BUNDLE
#                                    (default .carry/lead: bin/solver, bin/solver-gpu)
#   CHEATS_GLOB='*redteam*' scripts/gpu/cheats.sh   only the folders matching the glob
# Writes under $OUT/cheats (default /tmp/solver-cheats/cheats):
#   <cheat>/ledger.jsonl, <cheat>.log   the run of each cheat (one round, evolution off)
#   problems_check.log                  the offline half: lint and the PTX precision scan
#   gate_cost.txt                       phases_ms of every gate (the defences' cost, in ms)
#   results.txt                         one line per cheat: name, expected, got, OK/MISMATCH
# Prints the results table and, when every cheat got its expected outcome,
#   "cheat suite: N/N cheats refused with the expected outcome"
# and exits 0; otherwise names the mismatches and exits 1. Every step is under `timeout`;
# the whole script stays under 6 minutes (14 cheats x at most 20 s).
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
BIN=$BUNDLE/bin
out="${OUT:-/tmp/solver-cheats}/cheats"
mkdir -p "$out"
: >"$out/results.txt"
: >"$out/gate_cost.txt"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
# shellcheck source=lib/cheat_round.sh
source scripts/gpu/lib/cheat_round.sh

for f in "$BIN/solver" "$BIN/solver-gpu"; do
  [[ -x "$f" ]] || { echo "missing $f (install the static bundle first)"; exit 1; }
done

echo "== offline: solver problems check --compile-only (lint warnings, precision_mismatch rows)"
timeout 120 "$BIN/solver" problems check --problems-dir tests/cheats --compile-only >"$out/problems_check.log" 2>&1
echo "(exit $? -- 1 is expected: the precision rows fail)"
grep -E "warning:|precision" "$out/problems_check.log" | cut -c1-160

total=0
good=0
t_start=$SECONDS
for dir in tests/cheats/${CHEATS_GLOB:-*}/; do
  name=$(basename "$dir")
  [[ -f "$dir/expect" ]] || continue
  total=$((total + 1))
  # CHEAT_FOLDER_S: the per-folder limit (25 s by default; large honest folders, e.g. hon22's
  # f64_logsumexp and kv_cache_append, were cut at 25 s on 2026-12-06 with no verdict).
  cheat_round "$BIN/solver" "$name" "$out" "${CHEAT_FOLDER_S:-25}"
  grep -o '"phases_ms":{[^}]*}' <<<"$CR_REC" | sed "s/^/$name /" >>"$out/gate_cost.txt"
  verdict=MISMATCH
  if [[ $CR_OK -eq 1 ]]; then
    verdict=OK
    good=$((good + 1))
  fi
  printf '%-22s expected %-20s got %-20s %-8s %3ds\n' "$name" "$CR_WANT" "$CR_GOT" "$verdict" \
    "$CR_SECONDS" | tee -a "$out/results.txt"
  if (( SECONDS - t_start > 320 )); then
    echo "time budget spent: the remaining cheats are not run" | tee -a "$out/results.txt"
    break
  fi
done
if [[ $good -eq $total && $total -gt 0 ]]; then
  echo "cheat suite: $good/$total cheats refused with the expected outcome"
  exit 0
fi
echo "cheat suite: $good/$total as expected; see $out/results.txt and the <cheat>.log files"
exit 1
