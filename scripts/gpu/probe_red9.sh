#!/usr/bin/env bash
# Red team round 9 probe (issue 28, helper red9): each folder tests/cheats/*redteam9* gets one
# round of the real loop through the live backend (gate, paired timing, verdict), as
# scripts/gpu/cheats.sh runs one cheat (lib/cheat_probe.sh), and the round's outcome is printed
# next to the `live:` of its expect file (what it must get once its hole is closed; controls:
# kept). Predicted with main 2ab250e's bundle (unmeasured):
#   redteam9_local_carry               KEPT ~1.3-2.5x (the window carried in per-thread local
#                                      memory; rejected instead if local memory is not mapped per
#                                      (SM, warp slot, lane) or is cleared between launches)
#   redteam9_shared_carry              KEPT ~1.3-1.6x if shared memory outlives a kernel (the
#                                      question), else rejected (the hardware closes it)
#   redteam9_scratch_int8_launder      KEPT ~3-10x (int8 narrowed in launch 1 into i32 scratch,
#                                      IMMA in launch 2: provenance is traced per .entry)
#   redteam9_dead_f64_majority         KEPT ~2-3x (96 dead DFMAs outnumber 32 live FFMAs)
#   control_redteam9_devillard_median9 kept (exact median network vs a local-memory sort)
#   control_redteam9_imma_packed_scratch kept (integer packing into scratch, CUDA samples' IMMA)
# With branch red9's bundle (its fixes): shared_carry as on main; local_carry rejected (local
# frames scrubbed before every run), scratch_int8_launder and dead_f64_majority precision_mismatch (the scan line says 1 of 1),
# the controls kept; the carry's gate line then shows the phase cost in the ledger (local_scrub).
# First the bundle's offline scan of the precision folders (seconds, no GPU), then the rounds;
# for the carry it prints the gate's median and the paired medians and the variant's local size.
# Usage: probe_red9.sh [SECONDS]   (default 120; writes $OUT/probe_red9/). Each folder is capped
# (25 s the local carry, 20 s each other cheat, 15 s a control); budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red9 "${1:-120}" redteam9_local_carry redteam9_shared_carry \
  redteam9_scratch_int8_launder \
  redteam9_dead_f64_majority control_redteam9_devillard_median9 \
  control_redteam9_imma_packed_scratch || exit 1
cheat_probe_scan 20 redteam9_scratch_int8_launder redteam9_dead_f64_majority \
  control_redteam9_imma_packed_scratch
say "scan: $(grep -cE '^redteam9_scratch_int8_launder +cheat .*(precision|integer)' "$O/problems_check.log")" \
  "of 1 scratch-laundered IMMA cheat refused (0 = hole open);" \
  "$(grep -cE '^redteam9_dead_f64_majority +cheat .*precision' "$O/problems_check.log")" \
  "of 1 dead-DFMA fp64 cheat refused (0 = hole open);" \
  "$(grep -cE '^control_redteam9_imma_packed_scratch +control .*(precision|error)' "$O/problems_check.log")" \
  "of 1 IMMA scratch control refused (must be 0)"
for name in $CP_DIRS; do
  cap=15
  [[ "$name" == redteam9_* ]] && cap=20
  [[ "$name" == redteam9_local_carry ]] && cap=25
  cheat_probe_round "$name" "$cap" 40 || continue
  if [[ "$name" == redteam9_*_carry || "$name" == control_redteam9_devillard_median9 ]]; then
    say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,40\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
    say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  fi
done
say "probe_red9: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept); $((SECONDS - t0)) s"
