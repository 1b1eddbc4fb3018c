#!/usr/bin/env bash
# Issue 28, helper h28c: the timed perturbation redraws every position of every input that may
# change (floats, integers, integer in-out buffers) with planted values from per-run holes of
# the law, and the fresh set is made the same way (docs/reliability.md P6). Live check:
#  1. the four red-team-2 holes this closes, each one round of the real loop (gate, pairs,
#     verdict) as scripts/gpu/cheats.sh runs a cheat: even_memo, sparse_memo, inout_sort must be
#     `rejected`, max_subsample `wrong_result` (probabilistic: it runs up to 4 times, each round
#     must refuse it; the per-round catch rate is printed);
#  2. every control_* folder (honest kernels: must be `kept`) and the round-1 red team
#     (regressions: their own `live:`);
#  3. small honest pools through the gate (`solver problems check`, every knob point);
#  4. the worker's self-check (host and device perturbation byte for byte) via its stderr, and
#     the perturbation's cost: the gate's phases_ms ("samples/perturb" against "samples").
# Usage: probe_h28c.sh [SECONDS]   (default 110; writes $OUT/probe_h28c/)
set -u
budget=${1:-110}
O=${OUT:-/tmp}/probe_h28c
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
# shellcheck source=lib/cheat_round.sh
source scripts/gpu/lib/cheat_round.sh
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache}
t0=$SECONDS
[[ -x "$B/bin/solver" ]] || { echo "probe_h28c: no $B/bin/solver"; exit 1; }
: >"$O/results.txt"
ok=0
bad=0
skipped=0
one() {  # one <folder> <tag>: one round; prints a line, returns 0 when the outcome is expected
  local name=$1 tag=$2 dir=tests/cheats/$1
  local left=$((budget - (SECONDS - t0) - 4))
  if ((left < 6)); then
    echo "$tag$name: not run (budget spent)" | tee -a "$O/results.txt"
    skipped=$((skipped + 1))
    return 2
  fi
  local per=$((left < 20 ? left : 20))
  cheat_round "$B/bin/solver" "$name" "$O" "$per" "$tag$name"
  local want=$CR_WANT also=$CR_ALSO rec=$CR_REC got=$CR_GOT detail=$CR_DETAIL ratio=$CR_RATIO
  grep -o '"phases_ms":{[^}]*}' <<<"$rec" | head -1 | sed "s/^/$tag$name /" >>"$O/gate_cost.txt"
  local v=MISMATCH r=1
  if [[ "$got" == "$want" || (-n "$also" && "$got" == "$also") ]]; then v=OK; r=0; fi
  printf '%-34s want %-18s got %-18s %-8s ratio %-7.7s %3ds | %s\n' "$tag$name" "$want" "$got" \
    "$v" "${ratio:--}" "$CR_SECONDS" "$detail" | tee -a "$O/results.txt"
  return $r
}
count() { if [[ $1 -eq 0 ]]; then ok=$((ok + 1)); elif [[ $1 -eq 1 ]]; then bad=$((bad + 1)); fi; }

echo "== the four holes"
for f in redteam2_even_memo redteam2_sparse_memo redteam2_inout_sort redteam2_max_subsample; do
  one $f ""; count $?
done
echo "== controls (must be kept)"
for d in tests/cheats/control_*/; do
  one "$(basename "$d")" ""; count $?
done
echo "== round-1 and round-2 red team (regressions)"
for f in redteam2_perm_positions redteam_delta_gemm redteam_delta_int redteam_perm_memo \
  redteam_first_launch; do
  [[ -f tests/cheats/$f/expect ]] || continue
  one $f ""; count $?
done
echo "== max_subsample again (each round must refuse it)"
caught=0
tries=0
for k in 2 3 4; do
  one redteam2_max_subsample "r$k."
  rc=$?
  [[ $rc -eq 0 ]] && caught=$((caught + 1))
  [[ $rc -ne 2 ]] && tries=$((tries + 1))
done
# Honest pools through the GPU gate (every knob point; each gate's timed runs, fresh set and
# audit go through the perturbation): small pools while the budget lasts.
echo "== honest pools' gate (solver problems check)"
for p in reduce softmax layernorm groupnorm matmul_bf16 attention conv2d; do
  left=$((budget - (SECONDS - t0) - 4))
  ((left < 12)) && { echo "$p: not checked (budget spent)"; continue; }
  per=$((left < 40 ? left : 40))
  s=$SECONDS
  timeout "$per" "$B/bin/solver" --data-dir "$B/share/solver" problems check "$p" --json \
    >"$O/check_$p.json" 2>"$O/check_$p.err"
  rc=$?
  st=$(grep -o '"\(failures\|points\)": *[0-9]*' "$O/check_$p.json" | tr '\n' ' ')
  st="$st gates: $(grep -o '"gate": *"[a-z_]*' "$O/check_$p.json" | cut -d'"' -f4 | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
  echo "$p: exit $rc in $((SECONDS - s)) s; $st" | tee -a "$O/results.txt"
done
# The worker's self-check: a failure falls back to one flipped sign per run, with this warning.
fallback=$(cat "$O"/*.log 2>/dev/null | grep -c "device derivation is not used")
echo "self-check fallback warnings in the logs: $fallback"
# The perturbation's cost: sum of samples/perturb over the gate's sample phase.
if [[ -s "$O/gate_cost.txt" ]]; then
  echo "== perturbation cost (ms: perturb / samples, per round's gate)"
  while read -r name json; do
    echo "$name $(grep -o '"[a-z_/]*\(perturb\|samples\|audit\|timing\)":[0-9.]*' <<<"$json" | tr '\n' ' ')"
  done <"$O/gate_cost.txt" | tee "$O/cost.txt" | head -6 | cut -c1-220
fi
echo "probe_h28c: $ok expected, $bad mismatched, $skipped not run; max_subsample refused in $caught of $tries extra rounds; self-check fallbacks $fallback; $((SECONDS - t0)) s"
