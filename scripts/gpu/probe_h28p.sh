#!/usr/bin/env bash
# Issue 28 (helper h28p): the deferred adversarial gate (docs/reliability.md P16). A candidate's
# adversarial sets, later regular sets, lint, gate fresh set and gate audit run only once the
# paired verdict would keep it. Builds nothing: uses the bundle $B.
#  1. `solver ablate --backend live` of H28P_PROBLEMS (default matmul,softmax,layernorm,reduce,
#     matmul_scalar,sigmoid) for H28P_ROUNDS rounds (default 12), capped at ~150 s:
#     scripts/phase_table.py's defence table and its verdict against the 25% bar (share of all
#     round time AND median share per round), then per round: outcome, round ms, defences %,
#     whether the record has a gate/adversarial phase, and its deferred_checks. Then the order
#     itself: no rejected round may carry a "gate/adversarial" phase, every rejected round with a
#     split gate says "not run: not faster", every kept candidate's gate says deferred "ran".
#  2. The cheat folders whose expected outcome rests on the adversarial sets (their expect files
#     name wrong_result and an adversarial set), one live round each (lib/cheat_round.sh):
#     cheat_constant_b and cheat_expected_value (wrong_result, or too_fast: the regular part's
#     floor comes first now), cheat_skip_rescale and redteam7_amax_planted_bound (wrong_result),
#     redteam_first_launch (wrong_result or kept), and the control control_rowsum_heavy (kept:
#     its heavy-tailed set now runs after the verdict).
#  3. While >= 25 s are left: matmul_scalar,matmul for 3 rounds with --eager-adversarial (the
#     order before), its defence table beside run 1's.
# What it must show: run 1 exits 0 (or 124 at the cap, its rounds still counted); "order: ok";
# "Defences: X% ... median Y% ...: within the 25% bar" is the goal (matmul_scalar's and
# matmul's rejected rounds without their ~230-620 ms of adversarial sets); every cheat "ok".
# Usage: probe_h28p.sh [SECONDS]   (default 240; writes $OUT/probe_h28p/)
set -u
budget=${1:-240}
O=${OUT:-/tmp}/probe_h28p
mkdir -p "$O"
: >"$O/results.txt"
B=${SOLVER_BUNDLE:-.carry/lead}
D=$B/share/solver
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export PATH=/usr/local/cuda/bin:$PATH
problems=${H28P_PROBLEMS:-matmul,softmax,layernorm,reduce,matmul_scalar,sigmoid}
rounds=${H28P_ROUNDS:-12}
t0=$SECONDS
left() { echo $((budget - (SECONDS - t0) - 2)); }
say() { echo "$*" | tee -a "$O/results.txt"; }
if [[ ! -x "$B/bin/solver" ]]; then
  say "probe_h28p: no $B/bin/solver"
  exit 1
fi

# Per round: outcome, ms, defences %, adversarial phase present, deferred_checks; then the
# order's verdict over the run.
order_check() {
  python3 - "$1" <<'PY'
import json, sys
sys.path.insert(0, "scripts")
import phase_table as pt
bad, rounds = [], 0
for path in pt.ledgers([sys.argv[1]]):
    for line in path.read_text().splitlines():
        rec = json.loads(line) if line.strip() else {}
        ph = rec.get("phases_ms") or {}
        if not ph.get("round"):
            continue
        rounds += 1
        adv = any(k.endswith("gate/adversarial") for k in ph if not k.startswith("incumbent"))
        gate = rec.get("gate") or {}
        dc = rec.get("deferred_checks", "")
        out = rec.get("outcome")
        print(f"  {str(rec.get('problem')):>13} {rec.get('track', '')!s:>3} round {rec.get('round'):>2} "
              f"{str(out):>11} {ph['round']:8.1f} ms  defences {100 * sum(pt.defence_ms(ph)) / ph['round']:5.1f}%"
              f"  adversarial {'yes' if adv else 'no '}  gate {gate.get('deferred_checks', 'full'):>7}  {dc}")
        if out == "rejected" and adv:
            bad.append(f"{rec.get('problem')} {rec.get('track')} {rec.get('round')}: rejected with adversarial phase")
        if out == "rejected" and gate.get("deferred_checks") == "not_run" and dc != "not run: not faster":
            bad.append(f"{rec.get('problem')} {rec.get('track')} {rec.get('round')}: rejected without its note")
        if out == "kept" and gate.get("deferred_checks") not in ("ran", None):
            bad.append(f"{rec.get('problem')} {rec.get('track')} {rec.get('round')}: kept without its deferred part")
print(f"order: {'ok' if not bad else 'VIOLATED'} over {rounds} timed rounds" + "".join("\n  " + b for b in bad))
PY
}

ablate() {  # LABEL PROBLEMS ROUNDS CAP [EXTRA FLAG]
  local label=$1 probs=$2 n=$3 cap=$4 s=$SECONDS l
  l=$(left)
  rm -rf "${O:?}/$label"
  timeout $((l < cap ? l : cap)) "$B/bin/solver" --data-dir "$D" ablate --backend live \
    --problems "$probs" --rounds "$n" --out "$O/$label" ${5:+"$5"} \
    >"$O/$label.out" 2>"$O/$label.err"
  local rc=$?
  say "== $label: ablate $probs, $n rounds${5:+ ($5)}: exit $rc in $((SECONDS - s)) s"
  python3 scripts/phase_table.py "$O/$label" >"$O/$label.phase_table.txt" 2>&1
  sed -n '/| defence/,$p' "$O/$label.phase_table.txt" | tee -a "$O/results.txt"
  order_check "$O/$label" | tee -a "$O/results.txt"
  return $rc
}

ablate deferred "$problems" "$rounds" 150
rc=$?

# shellcheck source=lib/cheat_round.sh
source scripts/gpu/lib/cheat_round.sh
mkdir -p "$O/cheats"
ok=0
n=0
for name in cheat_constant_b cheat_expected_value cheat_skip_rescale redteam7_amax_planted_bound \
  redteam_first_launch control_rowsum_heavy; do
  [[ -f tests/cheats/$name/expect ]] || continue
  l=$(left)
  if ((l < 8)); then
    say "$name: not run (budget spent)"
    continue
  fi
  cheat_round "$B/bin/solver" "$name" "$O/cheats" "$((l - 2 < 20 ? l - 2 : 20))"
  n=$((n + 1))
  ok=$((ok + CR_OK))
  dc=$(grep -o '"deferred_checks":"[^"]*"' <<<"$CR_REC" | tr '\n' ' ')
  printf '%-30s got %-14s want %-14s also %-10s %-8s %3ds | %s | %s\n' "$name" "$CR_GOT" \
    "$CR_WANT" "${CR_ALSO:--}" "$([[ $CR_OK == 1 ]] && echo ok || echo MISMATCH)" \
    "$CR_SECONDS" "${dc:-full gate}" "${CR_DETAIL:0:110}" | tee -a "$O/results.txt"
done
say "cheat folders: $ok of $n as expected"

if (($(left) >= 25)); then
  ablate eager matmul_scalar,matmul 3 "$(left)" --eager-adversarial
else
  say "== eager: not run ($(left) s left)"
fi
say "probe_h28p: $((SECONDS - t0)) s"
exit $rc
