#!/usr/bin/env bash
# Issue 28 (helper h28i): the defences' cost on a short live ablation under the loop's new default
# pair rule (adaptive, docs/reliability.md P10), with the audit's reference read back into reused
# page-locked memory (run_audit.cpp, Worker::run_reference_reused).
# One `solver ablate --backend live` of H28I_PROBLEMS (default layernorm,softmax,reduce) for
# H28I_ROUNDS rounds (default 3), no pair flag (so the default rule), then
# scripts/phase_table.py's defence table and verdict against the 25% bar, and the audits'
# reference read-backs per audit in ledger order.
# What it must show:
#  - exit 0 and a ledger whose header says "pair_rule":"adaptive" (the default) and "pairs":128;
#  - the defence line "Defences: X% of all round time, median Y% per round: within|OVER the 25%
#    bar" (the measurement the issue asks for);
#  - audits' read-back: "touch" ms ~0 on every audit after the first of a problem (the reused
#    buffer; the first pays cuMemAllocHost), "copy" at page-locked speed.
# Usage: probe_h28i.sh [SECONDS]   (default 150; writes $OUT/probe_h28i/)
set -u
budget=${1:-150}
O=${OUT:-/tmp}/probe_h28i
mkdir -p "$O"
: >"$O/results.txt"
B=${SOLVER_BUNDLE:-.carry/lead}
D=$B/share/solver
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
problems=${H28I_PROBLEMS:-layernorm,softmax,reduce}
rounds=${H28I_ROUNDS:-3}
if [[ ! -x "$B/bin/solver" ]]; then
  echo "probe_h28i: no $B/bin/solver"
  exit 1
fi
t0=$SECONDS
rm -rf "${O:?}/run"
timeout $((budget - 8)) "$B/bin/solver" --data-dir "$D" ablate --backend live --problems "$problems" \
  --rounds "$rounds" --out "$O/run" >"$O/run.out" 2>"$O/run.err"
rc=$?
echo "== ablate $problems, $rounds rounds, default pair rule: exit $rc in $((SECONDS - t0)) s" |
  tee -a "$O/results.txt"
head -n 1 "$O/run/ledger.jsonl" 2>/dev/null | grep -o '"pair_rule":"[a-z]*"\|"pairs":[0-9]*' |
  tr '\n' ' ' | tee -a "$O/results.txt"
echo | tee -a "$O/results.txt"
python3 scripts/phase_table.py "$O/run" >"$O/phase_table.txt" 2>&1
sed -n '/| defence/,$p' "$O/phase_table.txt" | tee -a "$O/results.txt"
python3 scripts/defence_projection.py "$O/run" >"$O/projection.txt" 2>&1
# Per record, the audits' reference read-back (touch, copy) and the pairs each verdict took.
python3 - "$O/run" <<'PY' | tee -a "$O/results.txt"
import json, sys
sys.path.insert(0, "scripts")
import phase_table
print("| problem | round | track | audit | touch ms | copy ms | pairs |")
print("|---|---|---|---|---|---|---|")
for p in phase_table.ledgers([sys.argv[1]]):
    for line in p.read_text().splitlines():
        rec = json.loads(line) if line.strip() else {}
        ph = rec.get("phases_ms") or {}
        n = len((rec.get("verdict") or {}).get("ratios", []))
        order = ("incumbent/gate/", "gate/", "pairs/")  # the order a round runs them
        for k in sorted(ph, key=lambda k: next((i for i, o in enumerate(order)
                                                 if k.startswith(o)), len(order))):
            if k.endswith("/audit/reference_run/readback/touch"):
                copy = ph.get(k[: -len("touch")] + "copy", 0.0)
                where = k.split("/audit/")[0]
                print(f"| {rec.get('problem')} | {rec.get('round')} | {rec.get('track')} | {where} "
                      f"| {ph[k]:.1f} | {copy:.1f} | {n} |")
PY
exit $rc
