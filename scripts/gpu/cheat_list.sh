#!/usr/bin/env bash
# Named tests/cheats folders, each one live round (lib/cheat_round.sh), in the order given:
#   NAMES="a b c" [CHEAT_FOLDER_S=60] [BUDGET_S=500] scripts/gpu/cheat_list.sh
# One line per folder: "cheat_list: NAME want W got G OK|MISMATCH|CUT in S s (ratio R)"; a folder
# the budget cannot start is "not run". Ledgers and logs under $OUT/cheat_list/. Exit 0.
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
B=${SOLVER_BUNDLE:-.carry/lead}
out="${OUT:-/tmp/solver-cheats}/cheat_list"
mkdir -p "$out"
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
# shellcheck source=lib/cheat_round.sh
source scripts/gpu/lib/cheat_round.sh
limit=${CHEAT_FOLDER_S:-60}
budget=${BUDGET_S:-500}
start=$SECONDS
for name in ${NAMES:-}; do
  left=$((budget - (SECONDS - start)))
  if [ "$left" -lt 15 ]; then echo "cheat_list: $name not run (budget)"; continue; fi
  [ "$left" -lt "$limit" ] && secs=$left || secs=$limit
  cheat_round "$B/bin/solver" "$name" "$out" "$secs"
  verdict=MISMATCH
  [ "$CR_OK" -eq 1 ] && verdict=OK
  [ "$CR_RC" -eq 124 ] && verdict=CUT
  echo "cheat_list: $name want $CR_WANT${CR_ALSO:+/$CR_ALSO} got $CR_GOT $verdict in ${CR_SECONDS} s (ratio ${CR_RATIO:--})"
  [ "$verdict" = OK ] || echo "cheat_list:   ${CR_DETAIL:0:200}"
done
exit 0
