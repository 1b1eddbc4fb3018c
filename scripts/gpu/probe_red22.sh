#!/usr/bin/env bash
# Issue 28, red team 22: P6h (engine/backend/gpu/law_checks.h) on main bd561cd7 put every verified
# run of a problem on its declared law where set 0's echo share of every output buffer was >= 30,
# the share being the largest over the buffer's elements. tests/cheats/redteam22_loud_head_sum
# has one output of 17 sums of x (2^24 values of uniform [0, 1), rtol 5e-4): 16 head sums of 8
# values (share ~1,300) and the tail sum of the rest (share 0.43), which the child samples (even
# 256-value tiles, doubled). Branch red22 judges each output on its least told element
# (SetShare::weakest). One round of the real loop a folder (lib/cheat_probe.sh), its outcome next
# to its expect's live:, and whether its gate said "verified runs drawn from the declared law"
# ("law: yes/no").
# Predicted (host: tests/engine/red22_loud_head_sim.cpp, law_checks_element_test):
#   redteam22_loud_head_sum               bundle of main bd561cd7: KEPT ~1.6-1.9x, law: yes (the
#                                         child 0.65 of the tolerance at worst on 48 law redraws);
#                                         bundle with red22: wrong_result (~95% of rounds: out on
#                                         25 of 48 off-law runs), law: no
#   redteam22_loud_term_sum               KEPT ~1.6-1.9x on both; law: yes on main (share 40.9),
#                                         no with red22 (x's echo alone 0.3); open (the lint's
#                                         unit: invalid_spec once each input is judged alone)
#   control_hon20_atomic_float_histogram  kept, law: yes on both (red22: its weakest bin 67.6,
#                                         x alone 158.7, w alone 63.6 at the real size)
#   cheat_skip_rescale                    as its expect, law: no on both (a sum at share ~0.9)
# A "law:" answer other than predicted is the finding to read first.
# Usage: probe_red22.sh [SECONDS]   (default 300; writes $OUT/probe_red22/). Each folder is capped
# at 60 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red22 "${1:-300}" redteam22_loud_head_sum redteam22_loud_term_sum \
  control_hon20_atomic_float_histogram cheat_skip_rescale || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 60 40 check || continue
  law=no
  grep -q 'verified runs drawn from the declared law' "$O/$name/ledger.jsonl" "$O/$name.log" \
    2>/dev/null && law=yes
  say "  law: $law; lint: $(grep -o '1-in-2 echo told apart[^;"]\{0,100\}' \
    "$O/$name/ledger.jsonl" 2>/dev/null | head -1)"
  say "  wrong: $(grep -o '[a-z_]*\[[0-9]*\] = [^;"]\{0,120\}' <<<"$CR_REC" | head -1)"
done
say "probe_red22: $CP_OK of $CP_N as their expect says (redteam22_loud_head_sum: wrong_result" \
  "with red22's fix, kept on main bd561cd7; redteam22_loud_term_sum kept on both: open);" \
  "$((SECONDS - t0)) s"
