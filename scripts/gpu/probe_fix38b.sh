#!/usr/bin/env bash
# Issue 28, helper fix38b: two of red team 38b's three holes closed (docs/reliability.md, "Fixes
# of round 38b"); unrun live (the helper had no GPU). It runs probe_red38b.sh (the five folders'
# rounds and RECORDS `solver record --sweep` of redteam38b_recorded_coin) on this branch, then
# reads the sweep records for the new evidence.
#  - P8: the fresh set is drawn with P6l's strata (derive_plan), byte for byte a timed run's;
#    the lint echoes an unstratified twin. Host: red38b_sim strata 1000 flags 0.878 of fresh sets
#    (main 0.010), the strata-telling child escapes 0.0115% of rounds (main 0.18%).
#  - The sweep gate's series carries a full gate's verification (gate_steps: the fresh-set check
#    and P7e's three audits). Host: red38b_sim record 200000 30 0.75: the coin's sweep point passes
#    1.41% (main 34.3%), recorded fast 1.04% (main 31.3%).
#  - P4c's scale is not changed: redteam38b_kappa_short_exp stays KEPT (the one MISMATCH).
# PREDICTIONS on branch fix38b, "got" against each expect's `live:`:
#   redteam38b_fresh_strata_tell      wrong_result (the fresh-set check or an audit), or rejected
#                                     where P6h's law mode holds (ok)
#   redteam38b_recorded_coin          wrong_result (ok)
#   redteam38b_kappa_short_exp        KEPT ~1.5-1.8x (MISMATCH: P4c's backward scale, not fixed)
#   control_redteam38b_kappa_tang_exp kept ~1.2-1.4x (ok)
#   control_redteam38b_coin_simpson   kept ~2-3x (ok)
#   record --sweep x RECORDS (default 6): the cheat's point passed in 0 of 6 (p ~ 0.92 under the
#     host figure 1.4%; 1 of 6 is p ~ 0.08), refused wrong_result at the fresh-set check or an
#     audit; the honest seed passed in every sweep, its gate detail naming "fresh-set check at
#     timed sample" and "2 more timed run(s) audited (P7e)" (main: neither).
# Usage: probe_fix38b.sh [SECONDS]   (default 560; writes $OUT/probe_fix38b/, probe_red38b's
# output under $OUT/probe_red38b/).
set -u
SECS=${1:-560}
OUT=${OUT:-/tmp}
O="$OUT/probe_fix38b"
mkdir -p "$O"
: >"$O/results.txt"
say() { echo "$@" | tee -a "$O/results.txt"; }
start=$SECONDS
RECORDS=${RECORDS:-6} scripts/gpu/probe_red38b.sh "$((SECS - 15))" all >"$O/probe_red38b.out" 2>&1
say "probe_red38b (rc $?): $(tail -1 "$O/probe_red38b.out")"
grep "record --sweep\|recorded passed" "$O/probe_red38b.out" | while read -r l; do say "  $l"; done
# The new evidence in each sweep's honest point: the check's place and P7e's extra audits.
read -r evidenced sweeps cheat_passed < <(python3 - "$OUT/probe_red38b" <<'PY'
import glob, json, sys
ev = n = cheat = 0
for f in sorted(glob.glob(sys.argv[1] + "/record_*.json")):
    try:
        j = json.load(open(f))
    except (OSError, json.JSONDecodeError):
        continue
    n += 1
    for k, v in next(iter(j.get("problems", {}).values()), {}).get("variants", {}).items():
        g = v.get("gate", {})
        d = g.get("detail", "")
        if k.startswith("honest"):
            ev += "fresh-set check at timed sample" in d and "more timed run(s) audited" in d
        elif k.startswith("cheat"):
            cheat += g.get("status") == "passed"
print(ev, n, cheat)
PY
)
say "sweep records: $sweeps read; honest point with the check and P7e's audits in ${evidenced:-0}" \
  "(predicted all); cheat passed in ${cheat_passed:-?} (predicted 0; 1 is p ~ 0.08)"
ok=no
[[ "${sweeps:-0}" -gt 0 && "${evidenced:-0}" == "${sweeps:-0}" && "${cheat_passed:-9}" -le 1 ]] && ok=yes
say "probe_fix38b: sweep evidence and recorded coin as predicted: $ok; folder verdicts in" \
  "probe_red38b's last line (predicted: all but redteam38b_kappa_short_exp); $((SECONDS - start)) s"
