#!/usr/bin/env bash
# Helper h28h's probe (issue 28, red team round 6's three holes closed as mechanisms): one live
# round each (scripts/gpu/lib/cheat_round.sh, as scripts/gpu/cheats.sh runs a cheat) of
#  - the three cheats, which must now get their `live:` outcome:
#    redteam6_amax_tail_subsample  wrong_result  (P13b: the law's max and min at seeded places;
#                                  too_fast also accepted: the floor, where both gate checks
#                                  hold the deep place, 1 gate in 64)
#    redteam6_rowptr_degree_memo   wrong_result  (P6b: row offsets resampled, degrees change)
#    redteam6_inout_guess_sabotage input_mutated (P7b: in-out set copies digested)
#  - every control_* folder with an in-out or csr/sorted buffer, and control_redteam6_*, which
#    must be kept (the in-out digests must not refuse a kernel that writes its working copy),
#  - control_redteam2_search and control_rowsum_heavy (a search for values above 0.999 and FP32
#    row sums at 1e-5: the bulk's tails now end 2^-14 short of the law's ends), kept too,
#  - redteam2_max_subsample and redteam2_inout_sort (earlier cheats through the same code),
#    which must keep their outcome,
# and prints got vs want per folder, then the perturbation's share of the gate's time where the
# log has the phase (PHASES are printed by the worker on stderr).
# Usage: probe_h28h.sh [SECONDS]   (default 300; writes $OUT/probe_h28h/). Predicted run time
# (unmeasured): 2-15 s a folder (probe_red6 ran its 6 folders in 24 s live, 2026-12-03b call 1),
# ~60-150 s for the 12 here; each folder is capped at 60 s.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
dirs="redteam6_inout_guess_sabotage redteam6_rowptr_degree_memo redteam6_amax_tail_subsample"
for d in tests/cheats/control_*/; do
  f=$(basename "$d")
  if [[ "$f" == control_redteam6_* || "$f" == control_redteam2_search || "$f" == control_rowsum_heavy ]] ||
    grep -qE 'role: *inout|dist: *(csr_rowptr|sorted)|kind: *(csr_rowptr|sorted)' "$d/problem.yaml"; then
    dirs="$dirs $f"
  fi
done
# shellcheck disable=SC2086
cheat_probe_init probe_h28h "${1:-300}" $dirs redteam2_max_subsample redteam2_inout_sort || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 60 38 check || continue
  # The defences' cost in the round's phases (ms): the perturbation (timing.cpp "perturb") and
  # the guard's digests ("verify_inputs", now over in-out set copies too) against "samples".
  say "  phases: $(grep -oE '"[a-z_/]*(perturb|verify_inputs|samples)":[0-9.]*' <<<"$CR_REC" |
    tr '\n' ' ' | cut -c1-200)"
done
# The worker's self-check (host definition = device kernels, byte for byte): on a mismatch it
# falls back to one flipped sign a run and says so on stderr. Must be 0.
fallback=$(cat "$O"/*.log 2>/dev/null | grep -c "device derivation is not used")
echo "self-check fallback warnings: $fallback (must be 0)" | tee -a "$O/results.txt"
echo "probe_h28h: $CP_OK of $CP_N folders got what they must; $((SECONDS - t0)) s" |
  tee -a "$O/results.txt"
