#!/usr/bin/env bash
# Issue 28, helper h28f: the timed inputs' guarantees as properties (docs/reliability.md, "Timed
# inputs, as properties": P6a every law-drawn input changed, dist_fixed included; P6b structured
# inputs changed inside their law (cycles conjugated, sorted keys and csr offsets mirrored by
# segments); P6c no harness value outside the law's support by a sign (reflection about the
# law's centre, a [0, b) law shrunk towards 0); P7b every run bracketed by the inputs' device
# digest, both arms of a pair audited). Live check:
#  1. the worker's self-check (host and device perturbation byte for byte, now with the
#     conjugation, the mirror and the reflection) via its stderr: no fallback warning;
#  2. honest pools whose inputs P6a/P6b newly perturb, through the GPU gate (`solver problems
#     check`, every knob point): neighbor_aggregation (csr_rowptr mirrored, dist_fixed col
#     redrawn), decoder_block (dist_fixed weights redrawn), reduce and layernorm (P6c's
#     shrink and reflection): no gate failure;
#  3. one round of the real loop per cheat-suite folder (as scripts/gpu/cheats.sh): the input
#     mutators (P7b), the memo and sampling cheats whose catch relied on the negated quarter
#     (redteam_first_launch, cheat_skip_rescale: a [0, 1) input), the structure memo
#     (redteam2_perm_positions, redteam2_inout_sort) and every control_* (must be kept; the
#     incumbent is now audited too).
# Usage: probe_h28f.sh [SECONDS]   (default 540; writes $OUT/probe_h28f/)
set -u
budget=${1:-540}
O=${OUT:-/tmp}/probe_h28f
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
# shellcheck source=lib/cheat_round.sh
source scripts/gpu/lib/cheat_round.sh
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
t0=$SECONDS
[[ -x "$B/bin/solver" ]] || { echo "probe_h28f: no $B/bin/solver"; exit 1; }
: >"$O/results.txt"
: >"$O/gate_cost.txt"
ok=0
bad=0
skipped=0
one() {  # one <folder>: one round; prints a line, returns 0 when the outcome is expected
  local name=$1 dir=tests/cheats/$1
  local left=$((budget - (SECONDS - t0) - 4))
  if ((left < 6)); then
    echo "$name: not run (budget spent)" | tee -a "$O/results.txt"
    skipped=$((skipped + 1))
    return 2
  fi
  local per=$((left < 20 ? left : 20))
  cheat_round "$B/bin/solver" "$name" "$O" "$per" "$name"
  local want=$CR_WANT also=$CR_ALSO rec=$CR_REC got=$CR_GOT detail=$CR_DETAIL ratio=$CR_RATIO
  grep -o '"phases_ms":{[^}]*}' <<<"$rec" | head -1 | sed "s/^/$name /" >>"$O/gate_cost.txt"
  local v=MISMATCH r=1
  if [[ "$got" == "$want" || (-n "$also" && "$got" == "$also") ]]; then v=OK; r=0; fi
  printf '%-34s want %-16s got %-16s %-8s ratio %-7.7s %3ds | %s\n' "$name" "$want" "$got" \
    "$v" "${ratio:--}" "$CR_SECONDS" "$detail" | tee -a "$O/results.txt"
  return $r
}
count() { if [[ $1 -eq 0 ]]; then ok=$((ok + 1)); elif [[ $1 -eq 1 ]]; then bad=$((bad + 1)); fi; }

echo "== honest pools whose inputs are newly perturbed (solver problems check: every knob point)"
for p in neighbor_aggregation decoder_block reduce layernorm; do
  left=$((budget - (SECONDS - t0) - 4))
  ((left < 12)) && { echo "$p: not checked (budget spent)" | tee -a "$O/results.txt"; continue; }
  per=$((left < 35 ? left : 35))
  s=$SECONDS
  timeout "$per" "$B/bin/solver" --data-dir "$B/share/solver" problems check "$p" --json \
    >"$O/check_$p.json" 2>"$O/check_$p.err"
  rc=$?
  st=$(grep -o '"\(failures\|points\)": *[0-9]*' "$O/check_$p.json" | tr '\n' ' ')
  st="$st gates: $(grep -o '"gate": *"[a-z_]*' "$O/check_$p.json" | cut -d'"' -f4 | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
  echo "check $p: exit $rc in $((SECONDS - s)) s; $st" | tee -a "$O/results.txt"
done
echo "== P7b: input mutators"
for f in cheat_mutate_inputs cheat_zero_inputs; do one $f; count $?; done
echo "== P6c: sums of a [0, 1) input (the negated quarter was their catch)"
for f in redteam_first_launch cheat_skip_rescale cheat_expected_value; do one $f; count $?; done
echo "== P6b: structure memos"
for f in redteam2_perm_positions redteam2_inout_sort redteam_perm_memo; do one $f; count $?; done
echo "== controls (must be kept; the incumbent is audited too now)"
for d in tests/cheats/control_*/; do one "$(basename "$d")"; count $?; done
fallback=$(cat "$O"/*.log "$O"/*.err 2>/dev/null | grep -c "device derivation is not used")
echo "self-check fallback warnings in the logs: $fallback" | tee -a "$O/results.txt"
if [[ -s "$O/gate_cost.txt" ]]; then
  echo "== cost (ms per round's gate: perturb, verify_inputs, audit, samples)"
  while read -r name json; do
    echo "$name $(grep -o '"[a-z_/]*\(perturb\|verify_inputs\|audit\|samples\)":[0-9.]*' <<<"$json" | tr '\n' ' ')"
  done <"$O/gate_cost.txt" | tee "$O/cost.txt" | cut -c1-240
fi
echo "probe_h28f: $ok expected, $bad mismatched, $skipped not run; self-check fallbacks $fallback; $((SECONDS - t0)) s"
