#!/usr/bin/env bash
# Issue 28 (helper h28n): the defences' cost per round, measured per round, after red team 8's
# per-run module reloads and arena-slack rewrites were given phases of their own and the
# fresh-set check inside every timed series moved to the device (see docs/reliability.md,
# "Cut (j)"). Builds nothing: uses the bundle $B.
#  1. `solver ablate --backend live` of H28N_PROBLEMS (default
#     layernorm,softmax,reduce,matmul_scalar,sigmoid) for H28N_ROUNDS rounds (default 5) under
#     the default pair rule: scripts/phase_table.py's defence table and its verdict against the
#     25% bar (share of all round time AND median share per round), then the per-round shares
#     (round ms, all defences %, the two largest defences) and the phases of the timed series
#     that the table counts (samples/perturb, compare, download, verify_inputs, module_load,
#     arena_slack, fresh_check).
#  2. The cheat folders whose outcome rests on what changed, one live round each
#     (lib/cheat_round.sh) while the budget lasts: the fresh-set check (redteam_first_launch,
#     redteam_perm_memo: wrong_result), module state and arena slack (redteam8_window_table_carry,
#     redteam8_slack_table_carry: rejected) and their honest controls (kept).
#  3. While at least 15 s are left each, two A/Bs of layernorm,reduce for 3 rounds: with
#     SOLVER_KEEP_BACKUP=1 (the perturbation's copy aside made once per set and kept:
#     its per-round "perturb" ms must drop by ~40% against run 1's layernorm and reduce rounds,
#     with no wrong_result or input_mutated round), then with SOLVER_HOST_COMPARE=1 (the
#     fresh-set check and the audits on the host, as before cut (j)).
# What it must show:
#  - run 1 exits 0; its line "Defences: X% of all round time, median Y% per round: ...";
#  - "fresh_check" phases present in run 1, and samples/compare, samples/download ~0 there;
#    in host_compare the reverse; keep_backup's rounds kept/rejected as run 1's;
#  - every cheat folder "ok".
# Usage: probe_h28n.sh [SECONDS]   (default 120; writes $OUT/probe_h28n/)
set -u
budget=${1:-120}
O=${OUT:-/tmp}/probe_h28n
mkdir -p "$O"
: >"$O/results.txt"
B=${SOLVER_BUNDLE:-.carry/lead}
D=$B/share/solver
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export PATH=/usr/local/cuda/bin:$PATH
problems=${H28N_PROBLEMS:-layernorm,softmax,reduce,matmul_scalar,sigmoid}
rounds=${H28N_ROUNDS:-5}
t0=$SECONDS
left() { echo $((budget - (SECONDS - t0) - 2)); }
say() { echo "$*" | tee -a "$O/results.txt"; }
if [[ ! -x "$B/bin/solver" ]]; then
  say "probe_h28n: no $B/bin/solver"
  exit 1
fi

# Per round: its ms, the share of all defences and the two largest; then the timed series'
# phases that the defence table counts, summed over the run (ms).
per_round() {
  python3 - "$1" <<'PY'
import collections, json, sys
sys.path.insert(0, "scripts")
import phase_table as pt
names = [n for n, _ in pt.DEFENCES]
tot = collections.defaultdict(float)
for path in pt.ledgers([sys.argv[1]]):
    for line in path.read_text().splitlines():
        rec = json.loads(line) if line.strip() else {}
        ph = rec.get("phases_ms") or {}
        for k, v in ph.items():
            leaf = k.split("/")[-1]
            if "samples/" in k or "warmup/" in k or "fresh_check" in k:
                tot[k.split("/", 1)[0] + ".../" + leaf] += v
        if not ph.get("round"):
            continue
        d = pt.defence_ms(ph)
        top = sorted(range(len(d)), key=lambda i: -d[i])[:2]
        pert = sum(v for k, v in ph.items() if k.endswith("samples/perturb"))
        print(f"  {str(rec.get('problem')):>13} {rec.get('track', '')!s:>3} round {rec.get('round')} "
              f"{str(rec.get('outcome')):>10} {ph['round']:8.1f} ms  perturb {pert:6.1f} ms  "
              f"defences {100 * sum(d) / ph['round']:5.1f}%  "
              + "; ".join(f"{names[i][:28]} {100 * d[i] / ph['round']:.1f}%" for i in top))
print("  timed-series phases, ms: "
      + ", ".join(f"{k} {v:.1f}" for k, v in sorted(tot.items()) if v >= 0.5))
PY
}

ablate() {  # LABEL PROBLEMS ROUNDS CAP [ENV=VALUE]
  local label=$1 probs=$2 n=$3 cap=$4 s=$SECONDS l
  l=$(left)
  rm -rf "${O:?}/$label"
  env ${5:+"$5"} timeout $((l < cap ? l : cap)) "$B/bin/solver" --data-dir "$D" ablate \
    --backend live --problems "$probs" --rounds "$n" --out "$O/$label" \
    >"$O/$label.out" 2>"$O/$label.err"
  local rc=$?
  say "== $label: ablate $probs, $n rounds${5:+ ($5)}: exit $rc in $((SECONDS - s)) s"
  python3 scripts/phase_table.py "$O/$label" >"$O/$label.phase_table.txt" 2>&1
  sed -n '/| defence/,$p' "$O/$label.phase_table.txt" | tee -a "$O/results.txt"
  per_round "$O/$label" | tee -a "$O/results.txt"
  return $rc
}

ablate device "$problems" "$rounds" 55
rc=$?

# shellcheck source=lib/cheat_round.sh
source scripts/gpu/lib/cheat_round.sh
mkdir -p "$O/cheats"
ok=0
n=0
for name in redteam_first_launch redteam8_window_table_carry redteam8_slack_table_carry \
  control_redteam8_zlib_slice4_global redteam_perm_memo control_redteam_reduce_memo; do
  [[ -f tests/cheats/$name/expect ]] || continue
  l=$(left)
  if ((l < 8)); then
    say "$name: not run (budget spent)"
    continue
  fi
  cheat_round "$B/bin/solver" "$name" "$O/cheats" "$((l - 2 < 30 ? l - 2 : 30))"
  n=$((n + 1))
  ok=$((ok + CR_OK))
  printf '%-36s got %-16s want %-16s %-8s %3ds | %s\n' "$name" "$CR_GOT" "$CR_WANT" \
    "$([[ $CR_OK == 1 ]] && echo ok || echo MISMATCH)" "$CR_SECONDS" "${CR_DETAIL:0:120}" |
    tee -a "$O/results.txt"
done
say "cheat folders: $ok of $n as expected"

# The two A/Bs, on the same machine minutes apart, while the budget lasts: the host path of the
# perturbation's kept backup (on), then the fresh-set check and the audits on the host (cut (j) off).
for ab in "keep_backup SOLVER_KEEP_BACKUP=1" "host_compare SOLVER_HOST_COMPARE=1"; do
  set -- $ab
  if (($(left) >= 15)); then
    ablate "$1" layernorm,reduce 3 22 "$2"
  else
    say "== $1: not run ($(left) s left)"
  fi
done
say "probe_h28n: $((SECONDS - t0)) s"
exit $rc
