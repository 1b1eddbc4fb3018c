#!/usr/bin/env bash
# Issue 28, helper h28z: the tolerance lint judges each echoed input alone
# (engine/backend/gpu/input_lint.h). Every input echoed at once let one loud input tell an output
# apart while another input's echo stayed inside the tolerance: tests/cheats/
# redteam22_loud_term_sum's y = sum of z (16 values of U[0, 3e5)) + sum of x (2^24 values of
# U[0, 1)) moves by ~41 tolerances on set 0 with every input echoed and by 0.315 with x's echo
# alone, so its child (x's even 256-value tiles, doubled) was kept. Now an input whose echo alone
# moves every output it feeds by more than 0 and at most 1 of its tolerance, on the set that told
# that output apart with every input echoed, is invalid_spec naming it ("x's echo alone moves y
# by 0.32 of the tolerance at most on set 0, which tells it apart by 41 ...").
# Also: the lint's echo sets are freed once their reference is read (DeviceBuffers::release_set),
# so the gate holds one at a time instead of up to 16 + 16 x inputs for the problem's life.
# One round of the real loop a folder (lib/cheat_probe.sh), its outcome next to its expect's
# live:, the lint's words from its gate, and whether its verified runs were on the law.
# Predicted (host: tests/engine/h28z_input_lint_sim.cpp, input_lint_test in sample_lint_test):
#   redteam22_loud_term_sum               invalid_spec, naming x ("x's echo alone moves y by 0.32
#                                         of the tolerance at most on set 0"): every variant, the
#                                         seed too (before: kept ~1.6-1.9x, unmeasured)
#   redteam22_loud_head_sum               wrong_result as main predicts (one input: the per-input
#                                         judgement does not apply), law: no
#   control_hon20_atomic_float_histogram  kept, law: yes (x alone 158.7, w alone 63.6 at the real
#                                         size: red22's figures; each clears 1 and 30)
#   control_redteam_atomic_scatter        kept (two inputs: idx alone 717, w alone 486 on set 0,
#                                         h28z_input_lint_sim atomic_scatter)
# A refused control, or the loud term kept, is the finding to read first.
# Usage: probe_h28z.sh [SECONDS]   (default 300; writes $OUT/probe_h28z/). Each folder is capped
# at 75 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28z "${1:-300}" redteam22_loud_term_sum redteam22_loud_head_sum \
  control_hon20_atomic_float_histogram control_redteam_atomic_scatter || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 75 40 check || continue
  law=no
  grep -q 'verified runs drawn from the declared law' "$O/$name/ledger.jsonl" "$O/$name.log" \
    2>/dev/null && law=yes
  say "  law: $law; lint: $(grep -o "1-in-2 echo told apart[^;\"]\{0,100\}\|echo alone moves[^;\"]\{0,80\}" \
    "$O/$name/ledger.jsonl" "$O/$name.log" 2>/dev/null | head -1)"
done
say "probe_h28z: $CP_OK of $CP_N as their expect says (redteam22_loud_term_sum: invalid_spec" \
  "naming x; the two controls kept); $((SECONDS - t0)) s"
