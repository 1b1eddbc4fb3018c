#!/usr/bin/env bash
# Issue 28's cost cuts (helper h28g), live: the same short ablation twice, the page-locked
# read-backs on (default) and off (SOLVER_PAGEABLE_READBACK=1), each followed by
# scripts/phase_table.py's defence table and scripts/defence_projection.py's per-gate table.
# What it must show (docs/reliability.md, "Cost"):
#  - per gate (defence_projection's last table): every gate of matmul and matmul_scalar after
#    the problem's first runs ~1 adversarial reference run (x its fresh-set run; 4 before) and
#    ~0 ms of derive_plan (70-100 ms before); reduce 1 or 2 (2: the plain bound failed and the
#    magnitude set was made), its derive_plan ~0 ms after its first gate (175-220 ms before);
#  - the A/B: the defences' "download" ms (read-backs) lower with page-locked memory;
#  - every round's outcome as in a run without the cuts (no gate-failed candidate that passed
#    before: the cheat suite, scripts/gpu/run.sh cheats, must stay 40/40).
# Usage: probe_h28g.sh [SECONDS]   (default 200; writes $OUT/probe_h28g/)
#   H28G_PROBLEMS (default matmul,reduce,matmul_scalar), H28G_ROUNDS (default 3)
set -u
budget=${1:-200}
O=${OUT:-/tmp}/probe_h28g
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
D=$B/share/solver
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
problems=${H28G_PROBLEMS:-matmul,reduce,matmul_scalar}
rounds=${H28G_ROUNDS:-3}
t0=$SECONDS
if [[ ! -x "$B/bin/solver" ]]; then
  echo "probe_h28g: no $B/bin/solver"
  exit 1
fi
rc_all=0
for arm in pinned pageable; do
  left=$((budget - (SECONDS - t0) - 5))
  per=$left
  [[ $arm == pinned ]] && per=$((left / 2))
  if ((per < 20)); then
    echo "probe_h28g: $arm not run (budget spent)" | tee -a "$O/results.txt"
    continue
  fi
  rm -rf "${O:?}/$arm"
  s=$SECONDS
  if [[ $arm == pageable ]]; then export SOLVER_PAGEABLE_READBACK=1; else unset SOLVER_PAGEABLE_READBACK; fi
  timeout "$per" "$B/bin/solver" --data-dir "$D" ablate --backend live --problems "$problems" \
    --rounds "$rounds" --out "$O/$arm" >"$O/$arm.out" 2>"$O/$arm.err"
  rc=$?
  ((rc != 0)) && rc_all=$rc
  echo "== $arm: exit $rc in $((SECONDS - s)) s" | tee -a "$O/results.txt"
  python3 scripts/phase_table.py "$O/$arm" 2>&1 | tee "$O/$arm.phases.md" | sed -n '/| defence/,$p' |
    tee -a "$O/results.txt"
  python3 scripts/defence_projection.py "$O/$arm" 2>&1 | sed -n '/| problem/,$p' | tee -a "$O/results.txt"
  # The defences' read-backs, for the A/B.
  python3 - "$O/$arm" <<'PY' | tee -a "$O/results.txt"
import sys, pathlib, json
sys.path.insert(0, "scripts")
import phase_table
ms = 0.0
for p in phase_table.ledgers([sys.argv[1]]):
    for line in p.read_text().splitlines():
        ph = json.loads(line).get("phases_ms") if line.strip() else None
        if ph and "round" in ph:
            ms += sum(v for k, v in ph.items() if k.endswith("/download") and phase_table.in_defence(k))
print(f"defence read-backs (download): {ms:.1f} ms")
PY
done
unset SOLVER_PAGEABLE_READBACK
exit $rc_all
