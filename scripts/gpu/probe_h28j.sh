#!/usr/bin/env bash
# Issue 28 (helper h28j): the defences' cost per round with the audits compared on the device
# (engine/backend/gpu/device_compare.h: the reference's float64 answer and the saved outputs
# are no longer read back to the host and walked there). Builds nothing: uses the bundle $B.
#  1. `solver ablate --backend live` of H28J_PROBLEMS (default layernorm,softmax,reduce) for
#     H28J_ROUNDS rounds (default 3) under the default pair rule, as probe_h28i (call3's recipe):
#     scripts/phase_table.py's defence table and its verdict against the 25% bar (share of all
#     round time AND median share per round), and the audits' own phases summed.
#  2. The same ablation with SOLVER_HOST_COMPARE=1 (the audits compared on the host, as before):
#     the A/B of the cut on the same machine, minutes apart. Skipped when under 90 s are left.
#  3. $B/tests/live_backend_gpu_test (~8 s live; the fault suite's "good" gate must not say
#     "audits compared on the host": the device comparison passed its self-check).
#  4. The cheat folders whose outcome rests on the audit (P7) and their honest controls, one
#     live round each (lib/cheat_round.sh), while the budget lasts: each must get its `live:`.
# What it must show:
#  - both ablations exit 0; the worker's stderr has no "audits compare on the host" in run 1;
#  - run 1's line "Defences: X% of all round time, median Y% per round: within|OVER the 25% bar";
#  - the audits' phases in run 1: "compare_device" present, "readback" and "download" under
#    audit ~0; in run 2 the reverse (the old path), with the audits' total higher;
#  - every cheat folder "ok".
# Usage: probe_h28j.sh [SECONDS]   (default 240; writes $OUT/probe_h28j/)
set -u
budget=${1:-240}
O=${OUT:-/tmp}/probe_h28j
mkdir -p "$O"
: >"$O/results.txt"
B=${SOLVER_BUNDLE:-.carry/lead}
D=$B/share/solver
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export PATH=/usr/local/cuda/bin:$PATH
problems=${H28J_PROBLEMS:-layernorm,softmax,reduce}
rounds=${H28J_ROUNDS:-3}
t0=$SECONDS
left() { echo $((budget - (SECONDS - t0) - 2)); }
say() { echo "$*" | tee -a "$O/results.txt"; }
if [[ ! -x "$B/bin/solver" ]]; then
  say "probe_h28j: no $B/bin/solver"
  exit 1
fi

# The audits' phases of a run, summed over its ledger (ms): every phases_ms key under "/audit/".
audit_phases() {
  python3 - "$1" <<'PY'
import collections, json, sys
sys.path.insert(0, "scripts")
import phase_table
tot = collections.defaultdict(float)
for p in phase_table.ledgers([sys.argv[1]]):
    for line in p.read_text().splitlines():
        ph = (json.loads(line) if line.strip() else {}).get("phases_ms") or {}
        for k, v in ph.items():
            if "/audit" in k:
                tot["audit" + k.split("/audit", 1)[1]] += v
print("  audits' phases, ms: " + ", ".join(f"{k} {v:.1f}" for k, v in sorted(tot.items())))
PY
}

ablate() {  # LABEL [ENV=VALUE]
  local label=$1 s=$SECONDS l
  l=$(left)
  rm -rf "${O:?}/$label"
  env ${2:+"$2"} timeout $((l < 110 ? l : 110)) "$B/bin/solver" --data-dir "$D" ablate \
    --backend live --problems "$problems" --rounds "$rounds" --out "$O/$label" \
    >"$O/$label.out" 2>"$O/$label.err"
  local rc=$?
  say "== $label: ablate $problems, $rounds rounds${2:+ ($2)}: exit $rc in $((SECONDS - s)) s"
  say "  worker warnings 'audits compare on the host': $(grep -c 'audits compare on the host' \
    "$O/$label.err" 2>/dev/null)"
  python3 scripts/phase_table.py "$O/$label" >"$O/$label.phase_table.txt" 2>&1
  sed -n '/| defence/,$p' "$O/$label.phase_table.txt" | tee -a "$O/results.txt"
  audit_phases "$O/$label" | tee -a "$O/results.txt"
  return $rc
}

ablate device
rc=$?
if (($(left) >= 90)); then
  ablate host_compare SOLVER_HOST_COMPARE=1
else
  say "== host_compare: not run ($(left) s left)"
fi

if [[ -x "$B/tests/live_backend_gpu_test" ]] && (($(left) >= 20)); then
  SOLVER_TEST_WORKER="$PWD/$B/bin/solver-gpu" SOLVER_GPU_WORKER="$PWD/$B/bin/solver-gpu" \
    SOLVER_TEST_SOURCE_DIR="$PWD" timeout "$(($(left) - 5 < 60 ? $(left) - 5 : 60))" "$B/tests/live_backend_gpu_test" \
    >"$O/live_backend_gpu_test.log" 2>&1
  say "live_backend_gpu_test: exit $? ($(grep -E '^\[doctest\] (test cases|assertions)' \
    "$O/live_backend_gpu_test.log" | tr -s ' ' | tr '\n' ' '))"
else
  say "live_backend_gpu_test: not run (no $B/tests/live_backend_gpu_test or no time left)"
fi

# shellcheck source=lib/cheat_round.sh
source scripts/gpu/lib/cheat_round.sh
mkdir -p "$O/cheats"
ok=0
n=0
for name in cheat_abs_memo redteam5_pair_sabotage redteam_first_launch redteam_perm_memo \
  redteam_delta_gemm control_redteam_reduce_memo control_redteam_atomic_scatter \
  control_redteam_inplace_transpose; do
  [[ -f tests/cheats/$name/expect ]] || continue
  l=$(left)
  if ((l < 40)); then
    say "$name: not run (budget spent)"
    continue
  fi
  cheat_round "$B/bin/solver" "$name" "$O/cheats" "$((l - 25 < 45 ? l - 25 : 45))"
  n=$((n + 1))
  ok=$((ok + CR_OK))
  printf '%-36s got %-16s want %-16s %-8s %3ds | %s\n' "$name" "$CR_GOT" "$CR_WANT" \
    "$([[ $CR_OK == 1 ]] && echo ok || echo MISMATCH)" "$CR_SECONDS" "${CR_DETAIL:0:120}" |
    tee -a "$O/results.txt"
done
say "cheat folders: $ok of $n as expected"

say "probe_h28j: $((SECONDS - t0)) s"
exit $rc
