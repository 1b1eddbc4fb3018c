#!/usr/bin/env bash
# Issue 28, red team 38b (white-box, main 50a767dd): the core measurement protocol. Three cheats,
# two honest controls (tests/cheats/*redteam38b*). Nothing here has run on a GPU (the helper had
# none); host evidence: tests/engine/red38b_sim.cpp (`ninja -C build red38b_sim`).
#  - redteam38b_fresh_strata_tell: red team 18's slot router, honest wherever its input has no P6l
#    strata (the fresh-set check has none since h28v; a timed run and its audit have them: 87.5%
#    of timed runs flagged, 1.0% of fresh sets, red38b_sim strata). Caught by the audits alone.
#  - redteam38b_recorded_coin: wrong on a 3/4 coin wherever it finds strata; a `solver record
#    --sweep` point is one series with one audited run: recorded passed in ~35% of sweeps, with its
#    fast median in ~32% (red38b_sim record 200000 30 0.75).
#  - redteam38b_kappa_short_exp: red team 15's degree-2 exp at arguments p t in [-640, -300): the
#    fp64 class bound's scale S ~ |p t| |r| admits it (0.039 x the bound, 14.3 x the plain one:
#    red38b_sim kappa).
#  - control_redteam38b_kappa_tang_exp (degree 5, honest) and control_redteam38b_coin_simpson
#    (a per-run coin between two right quadratures).
# PREDICTIONS on main (50a767dd), "got" against each expect's `live:` (the outcome once the hole is
# closed, so MISMATCH is the hole showing):
#   redteam38b_fresh_strata_tell      wrong_result, or rejected where P6h's law mode holds (ok)
#   redteam38b_recorded_coin          wrong_result (ok: the loop's ~14 audits)
#   redteam38b_kappa_short_exp        KEPT ~1.5-1.8x (MISMATCH: want precision_mismatch)
#   control_redteam38b_kappa_tang_exp kept ~1.2-1.4x (ok)
#   control_redteam38b_coin_simpson   kept ~2-3x (ok)
#   record --sweep x RECORDS (default 6) of redteam38b_recorded_coin: the cheat's point recorded
#     with a passed gate in ~1/3 of them (0 of 6 has probability ~0.08 under the host figure), its
#     median ~3-5x under the seed's where passed; the refused ones wrong_result "audit after
#     timing". The recorded seed: always passed.
# Usage: probe_red38b.sh [SECONDS] [PART]   (default 560, PART all; writes $OUT/probe_red38b/).
#   PART: all | folders (the five folders once each, the offline scan) | record (RECORDS sweeps).
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
RECORDS=${RECORDS:-6}
FOLDERS="redteam38b_fresh_strata_tell redteam38b_recorded_coin redteam38b_kappa_short_exp
control_redteam38b_kappa_tang_exp control_redteam38b_coin_simpson"
# shellcheck disable=SC2086
cheat_probe_init probe_red38b "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
if [[ "$PART" == all || "$PART" == folders ]]; then
  # shellcheck disable=SC2086
  cheat_probe_scan 120 $FOLDERS
  say "offline scan: $(grep -c 'precision_mismatch\|invalid_spec\|lint' "$O/problems_check.log")" \
    "refusals (predicted 0: no static rule sees any of the five)"
  for name in $CP_DIRS; do
    cheat_probe_round "$name" 120 36 check || break
  done
fi
if [[ "$PART" == all || "$PART" == record ]]; then
  passed=0 ran=0
  for ((k = 1; k <= RECORDS; ++k)); do
    (($(left) < 40)) && { say "record $k: not run (budget spent)"; break; }
    rec="$O/record_$k.json"
    timeout $(($(left) < 90 ? $(left) : 90)) "$B/bin/solver" record --sweep \
      --problems redteam38b_recorded_coin --problems-dir tests/cheats --samples 30 \
      --out "$rec" >"$O/record_$k.log" 2>&1
    rc=$?
    line=$(python3 - "$rec" <<'PY'
import json, statistics, sys
try:
    j = json.load(open(sys.argv[1]))
except (OSError, json.JSONDecodeError) as e:
    print("no recording:", e)
    sys.exit(0)
v = next(iter(j.get("problems", {}).values()), {}).get("variants", {})
med = {}
out = []
for name in ("honest", "cheat"):
    var = next((x for k, x in v.items() if k == name or k.startswith(name + "@") or
                k.startswith(name + ":")), v.get(name, {}))
    s = [x for x in (var.get("samples_us") or []) if x > 0]
    med[name] = statistics.median(s) if s else None
    g = var.get("gate", {})
    out.append(f"{name} {g.get('status', '?')} median {med[name] or 0:.1f} us")
if med.get("honest") and med.get("cheat"):
    out.append(f"ratio {med['honest'] / med['cheat']:.2f}x")
print("; ".join(out))
PY
)
    ran=$((ran + 1))
    grep -q "cheat passed" <<<"$line" && passed=$((passed + 1))
    say "record --sweep $k (rc $rc): $line"
  done
  say "redteam38b_recorded_coin: recorded passed in $passed of $ran sweeps (predicted ~1/3;" \
    "0 of 6 has p ~ 0.08 under the host figure)"
fi
say "probe_red38b: $CP_N folder round(s), $CP_OK as their expect says (predicted: all but" \
  "redteam38b_kappa_short_exp); $((CP_BUDGET - $(left) - 2)) s"
