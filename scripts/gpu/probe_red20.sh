#!/usr/bin/env bash
# Red team round 20 probe (issue 28, helper red20): each folder tests/cheats/*redteam20* gets one
# round of the real loop through the live backend, as scripts/gpu/cheats.sh runs one cheat
# (lib/cheat_probe.sh, `--evolve off`), and the tie cheat also gets up to three rounds with
# `--evolve on` (the screening batch on: its 256 knob points make a large search, where a tie
# is kept: engine/loop/knob_screen.h tie_keep). Predicted (no run on a GPU in that session):
#   redteam20_tie_law_boys            --evolve off: rejected (same) on main and on red20 (no large
#                                     search, no tie keep). --evolve on: KEPT on a tie in ~25-40%
#                                     of rounds on main d8913459 (the seed's code on the made data:
#                                     two coins, the paired median ratio above 1 and the gate's
#                                     median below the incumbent's; no law pairs for a tie); with
#                                     branch red20 rejected in every round ("a tie on the timed
#                                     runs' data, not on inputs drawn from the declared laws"; the
#                                     law pairs ~0.25x, audited and right)
#   redteam20_fp8_code_relay          precision_mismatch (offline too: "8 conversion(s) to FP8
#                                     whose values are computed on")
#   control_redteam20_boys_erf_knobs  kept ~5-7x, its law pairs audited (before and after)
# Printed per folder: the outcome against the expect file, the law pairs where they ran (ratio and
# audited count), the verdict's reason; for the ON rounds of the tie cheat, whether it was kept on a
# tie ("tie_kept") and the law pairs' line.
# Usage: probe_red20.sh [SECONDS]   (default 420; writes $OUT/probe_red20/). Each OFF round is
# capped at 70 s (the tie cheat's regular sets take 4x the seed), each ON round at 90 s, the scan
# at 60 s (258 knob points a knob folder); budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red20 "${1:-420}" redteam20_fp8_code_relay redteam20_tie_law_boys \
  control_redteam20_boys_erf_knobs || exit 1
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
