#!/usr/bin/env bash
# Red team round 20 probe (issue 28, helper red20): each folder tests/cheats/*redteam20* gets one
# round of the real loop through the live backend, as scripts/gpu/cheats.sh runs one cheat
# (lib/cheat_probe.sh, `--evolve off`), and the tie cheat also gets up to three rounds with
# `--evolve on` (the screening batch on: its 256 knob points make a large search, where a tie
# is kept: engine/loop/knob_screen.h tie_keep). Predicted (no run on a GPU in that session):
#   redteam20_tie_law_boys            --evolve off: rejected (ambiguous) on main and on red20 (no
#                                     large search, no tie keep). --evolve on: KEPT on a tie in
#                                     ~10-20% of rounds on main d8913459 (bimodal by a timer window:
#                                     ~2x / ~0.5x on made data, an ambiguous verdict, no law pairs;
#                                     kept where the paired, gate and deferred medians all fall in
#                                     the fast mode), else rejected or inconsistent_timing; with
#                                     branch red20 never kept ("a tie on the timed runs' data, not
#                                     on inputs drawn from the declared laws"; law pairs ~0.94x or
#                                     ~0.5x, audited and right)
#   redteam20_fp8_code_relay          precision_mismatch (offline too: "8 conversion(s) to FP8
#                                     whose values are computed on")
#   control_redteam20_boys_erf_knobs  kept ~5-7x, its law pairs audited (before and after)
#   control_redteam20_timer_gauss     kept ~5-7x (a timer read and 256 knob points, one mode)
# Printed per folder: the outcome against the expect file, the law pairs where they ran (ratio and
# audited count), the verdict's reason; for the ON rounds of the tie cheat, whether it was kept on a
# tie ("tie_kept") and the law pairs' line.
# Usage: probe_red20.sh [SECONDS]   (default 480; writes $OUT/probe_red20/). Each OFF round is
# capped at 70 s, each ON round at 90 s, the scan
# at 60 s (258 knob points a knob folder); budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red20 "${1:-480}" redteam20_fp8_code_relay redteam20_tie_law_boys \
  control_redteam20_boys_erf_knobs control_redteam20_timer_gauss || exit 1
cheat_probe_scan 60 $CP_DIRS
say "scan: $(grep -cE '^[a-z0-9_]*redteam20_[a-z0-9_]+ +(cheat|control)[^ ]* .*precision' \
  "$O/problems_check.log") cheat/control point(s) refused offline (1 expected: the FP8 relay)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 70 40 check || continue
  say "  law pairs: $(grep -o '[^;"]\{0,40\}law[^;"]\{0,160\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  verdict: $(grep -o '"reason":"[^"]\{0,300\}' <<<"$CR_REC" | head -1)"
done
# The tie path needs the screening batch (--evolve on); up to three seeds.
for seed in 7 8 9; do
  l=$(left)
  ((l < 30)) && { say "tie ON seed $seed: not run (budget spent)"; break; }
  out="$O/tie_on_$seed"
  rm -rf "$out"
  timeout $((l < 90 ? l : 90)) "$B/bin/solver" run --problem redteam20_tie_law_boys \
    --problems-dir tests/cheats --rules tests/cheats/rules.yaml --rounds 1 --evolve on \
    --pairs 15 --seed "$seed" --backend live --out "$out" --quiet >"$out.log" 2>&1
  rec=$(tail -n 1 "$out/ledger.jsonl" 2>/dev/null)
  say "tie ON seed $seed: outcome $(grep -o '"outcome":"[a-z-]*"' <<<"$rec" | head -1)" \
    "tie_kept $(grep -o '"tie_kept":[a-z]*' <<<"$rec" | head -1 || true)" \
    "candidate $(grep -o '"candidate":"[^"]*"' <<<"$rec" | head -1)"
  say "  detail: $(grep -o '"detail":"[^"]\{0,300\}' <<<"$rec" | head -1)"
  say "  law: $(grep -o '"law_ratios":\[[^]]\{0,80\}' <<<"$rec" | head -1)"
done
say "probe_red20: $CP_KEPT of $CP_N folders kept with --evolve off (controls must be kept)," \
  "$CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
