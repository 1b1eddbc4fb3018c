#!/usr/bin/env bash
# P6d's law pairs, live (issue 28, helper lawp): the decision statistic's cost was measured on
# host with recorded noise (tests/engine/law_power_test.cpp, docs/benchmarks.md "The law
# pairs"), under one assumption no GPU has checked: the law pairs' noise is the timed pairs'
# (same process, same kernels, as many pairs). This runs the red team 18 folders whose verdict
# goes through the law pairs, one round each (tests/cheats, 15 pairs, the live backend), then
# the two honest controls again while the budget lasts, and prints for every round that timed
# law pairs (the ledger's verdict.law_ratios): pairs, median ratio and spread (1.4826 x MAD of
# ln ratio) of the timed and of the law pairs, the law pairs' 95% lower bound, the outcome.
# Predicted (no GPU this session):
#   control_redteam18_boys_gauss     kept ~5-7x; law median ~5-7x, lower bound > 1
#   control_redteam18_hist_packed16  kept ~1.3-2x; law median ~1.3-2x, lower bound > 1
#   redteam18_small_arg_boys         rejected; law median ~0.9-1.0, lower bound <= 1
#   redteam18_cell_histogram         rejected; law median ~0.95-1.0, lower bound <= 1
#   law spread / timed spread        within 0.5-2 on every control round (the assumption of the
#                                    power table; outside it, rerun law_power_test with the
#                                    law pairs' residuals: scripts/pair_noise.py collects them)
# Usage: probe_lawp.sh [SECONDS]   (default 300; writes $OUT/probe_lawp/). Each round is capped
# at 55 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
controls="control_redteam18_boys_gauss control_redteam18_hist_packed16"
cheat_probe_init probe_lawp "${1:-300}" $controls redteam18_small_arg_boys \
  redteam18_cell_histogram || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 55 38 check || break
done
for k in 2 3 4; do
  for name in $controls; do
    l=$(left)
    ((l < 30)) && break 2
    cheat_round "$B/bin/solver" "$name" "$O" $((l < 55 ? l : 55)) "${name}_r$k"
    say "$(printf '%-38s got %-10s ratio %-8s %3ds (repeat %d)' "$name" "$CR_GOT" \
      "${CR_RATIO:--}" "$CR_SECONDS" "$k")"
  done
done
python3 - "$O" <<'PY' | tee -a "$O/results.txt"
import glob, json, math, os, statistics, sys
def spread(r):
    l = [math.log(x) for x in r if x > 0]
    m = statistics.median(l)
    return 1.4826 * statistics.median([abs(x - m) for x in l])
def lower(r):  # the 95% sign-test lower bound of the median (engine/backend/paired_verdict.cpp)
    n, s = len(r), sorted(r)
    k, c = -1, 0.0
    for i in range(n + 1):
        c += math.comb(n, i) / 2 ** n
        if c <= 0.025: k = i
        else: break
    return s[k] if k >= 0 else 0.0
print("round | outcome | timed: pairs, median, spread | law: pairs, median, spread, lower | law/timed spread")
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*", "ledger.jsonl"))):
    for line in open(path):
        rec = json.loads(line)
        v = rec.get("verdict") or {}
        t, l = v.get("ratios") or [], v.get("law_ratios") or []
        if len(t) < 2 or len(l) < 2: continue
        st, sl = spread(t), spread(l)
        print(f"{os.path.basename(os.path.dirname(path))} | {rec.get('outcome')} | {len(t)}, "
              f"{statistics.median(t):.4f}, {st:.4f} | {len(l)}, {statistics.median(l):.4f}, "
              f"{sl:.4f}, {lower(l):.4f} | {sl / st if st > 0 else float('inf'):.2f}")
PY
say "probe_lawp: $CP_OK of $CP_N first rounds as their expect says; $((SECONDS - t0)) s"
