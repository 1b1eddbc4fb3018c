#!/usr/bin/env bash
# Red team round 10 probe (issue 28, helper red10): each folder tests/cheats/*redteam10* gets one
# round of the real loop through the live backend (gate, paired timing, verdict), as
# scripts/gpu/cheats.sh runs one cheat (lib/cheat_probe.sh), and the round's outcome is printed
# next to the `live:` of its expect file (what it must get once its hole is closed; controls:
# kept). Predicted with main 71bc383's bundle (unmeasured):
#   redteam10_const_bank_carry           KEPT ~2-3x (the gains carried in the module's
#                                        __constant__ bank, stored through its generic address;
#                                        an error instead if the hardware refuses that store,
#                                        rejected if the bank is rewritten between launches)
#   redteam10_asm_scoped_global_carry    KEPT ~2-3x (the gains carried in a .global array
#                                        declared inside an inline-asm block: module memory the
#                                        scan does not see, so no per-run reload)
#   control_redteam10_fir_const_generic  kept (shared tiles; taps read through cvta.const)
#   control_redteam10_asm_scoped_counter kept (last-block reduction, asm-scoped counter)
# For the two carries it prints the gate's median and the paired medians: a carry that works
# shows the candidate's median near the stream alone (~35-40 us) against the seed's table +
# stream (~110-130 us). The gain family lives in kernels/gain: where the bundle's kernel library
# lacks it, the working tree's kernels/ is used (SOLVER_KERNELS_DIR).
# Usage: probe_red10.sh [SECONDS]   (default 90; writes $OUT/probe_red10/). Each cheat is
# capped at 25 s, each control at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red10 "${1:-90}" redteam10_const_bank_carry \
  redteam10_asm_scoped_global_carry control_redteam10_fir_const_generic \
  control_redteam10_asm_scoped_counter || exit 1
if [[ ! -d "$B/share/solver/kernels/gain" && -d kernels/gain ]]; then
  export SOLVER_KERNELS_DIR=$PWD/kernels
  say "kernel library: the working tree's kernels/ (the bundle has no kernels/gain)"
fi
for name in $CP_DIRS; do
  cap=15
  [[ "$name" == redteam10_* ]] && cap=25
  cheat_probe_round "$name" "$cap" 40 || continue
  if [[ "$name" == redteam10_* ]]; then
    say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,40\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
    say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  fi
done
say "probe_red10: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept); $((SECONDS - t0)) s"
