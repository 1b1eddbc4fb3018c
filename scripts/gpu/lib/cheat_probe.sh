# Sourced, not run: the frame every red-team probe puts around cheat_round (lib/cheat_round.sh,
# which it sources): the output folder, the bundle, a time budget, the folders to run, one line a
# round and the bundle's offline scan (probe_red3, red5, red6, red7, h28h).
#
#   cheat_probe_init LABEL BUDGET FOLDER...
#       O=$OUT/LABEL (results.txt emptied), B the bundle ($SOLVER_BUNDLE, else .carry/lead), its
#       lib/ and CUDA's on LD_LIBRARY_PATH, CUDA's bin/ on PATH, the budget's clock started;
#       CP_DIRS: the FOLDERs of tests/cheats that have an expect file, in the order given;
#       CP_N, CP_KEPT, CP_OK: 0. Returns 1 after a "nothing run" line when no FOLDER is there
#       or the bundle has no bin/solver (the caller exits).
#   left
#       the seconds left of the budget, two kept back.
#   cheat_probe_round NAME CAP [WIDTH [STYLE]]
#       one cheat_round of tests/cheats/NAME under the smaller of CAP and left seconds, and its
#       line (WIDTH: the name's column, 38): STYLE "closed" (default) prints "today GOT once
#       closed WANT", STYLE "check" prints "got GOT want WANT ok|MISMATCH"; both then the
#       ratio, the seconds and the detail. Adds to CP_N, CP_KEPT (got kept) and CP_OK (got what
#       it must). Returns 1 after a "not run (budget spent)" line when fewer than 10 s are left.
#   cheat_probe_scan SECONDS FOLDER...
#       the bundle's offline scan (`problems check --compile-only`) of those tests/cheats
#       folders under timeout SECONDS; its output in $O/problems_check.log.
#   say TEXT...
#       TEXT on stdout and appended to $O/results.txt.
# shellcheck source=cheat_round.sh
source "$(dirname "${BASH_SOURCE[0]}")/cheat_round.sh"

cheat_probe_init() {
  local label=$1 f
  CP_BUDGET=$2
  shift 2
  O=${OUT:-/tmp}/$label
  mkdir -p "$O"
  : >"$O/results.txt"
  B=${SOLVER_BUNDLE:-.carry/lead}
  export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
  export PATH=/usr/local/cuda/bin:$PATH
  t0=$SECONDS
  CP_DIRS=""
  for f in "$@"; do
    [[ -f tests/cheats/$f/expect ]] && CP_DIRS="$CP_DIRS $f"
  done
  CP_N=0 CP_KEPT=0 CP_OK=0
  if [[ -z "$CP_DIRS" || ! -x "$B/bin/solver" ]]; then
    echo "$label: nothing run (folders: $(echo $CP_DIRS | wc -w), solver: $B/bin/solver)"
    return 1
  fi
  return 0
}

left() { echo $((CP_BUDGET - (SECONDS - t0) - 2)); }

say() { echo "$@" | tee -a "$O/results.txt"; }

cheat_probe_round() {
  local name=$1 cap=$2 width=${3:-38} style=${4:-closed} l mark
  l=$(left)
  if ((l < 10)); then
    say "$name: not run (budget spent)"
    return 1
  fi
  cheat_round "$B/bin/solver" "$name" "$O" $((l < cap ? l : cap))
  CP_N=$((CP_N + 1))
  CP_OK=$((CP_OK + CR_OK))
  [[ "$CR_GOT" == kept ]] && CP_KEPT=$((CP_KEPT + 1))
  if [[ "$style" == check ]]; then
    mark=$([[ $CR_OK == 1 ]] && echo ok || echo MISMATCH)
    printf "%-${width}s got %-20s want %-20s %-8s ratio %-8s %3ds | %s\n" "$name" "$CR_GOT" \
      "$CR_WANT" "$mark" "${CR_RATIO:--}" "$CR_SECONDS" "$CR_DETAIL" | tee -a "$O/results.txt"
  else
    printf "%-${width}s today %-20s once closed %-20s ratio %-8s %3ds | %s\n" "$name" "$CR_GOT" \
      "$CR_WANT" "${CR_RATIO:--}" "$CR_SECONDS" "$CR_DETAIL" | tee -a "$O/results.txt"
  fi
  return 0
}

cheat_probe_scan() {
  local secs=$1 pc f
  shift
  pc=$(mktemp -d)
  for f in "$@"; do ln -s "$PWD/tests/cheats/$f" "$pc/$f"; done
  timeout "$secs" "$B/bin/solver" problems check --problems-dir "$pc" --compile-only \
    >"$O/problems_check.log" 2>&1
  rm -rf "$pc"
}
