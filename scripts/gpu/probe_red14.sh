#!/usr/bin/env bash
# Red team round 14 probe (issue 28, helper red14): each folder tests/cheats/*redteam14* gets one
# round of the real loop through the live backend (gate in the deferred order, paired timing,
# verdict), as scripts/gpu/cheats.sh runs one cheat (lib/cheat_probe.sh), and the round's outcome
# is printed next to the `live:` of its expect file (what it must get once its hole is closed;
# controls: kept). Predicted with a bundle of main 96cacd41 (no run on a GPU in that session):
#   redteam14_offlaw_normal_sum           KEPT ~1.3x (red team 7's range detector on N(8, 1): the
#                                         P6c shrink that closed it is given to uniform laws only,
#                                         so every verified run is inside [4, 12] and only the
#                                         adversarial sets leave it); since helper h28t
#                                         invalid_spec (the lint counts set 0 and the fresh set
#                                         only: 0.15 and 0.18-0.54 of the tolerance)
#   redteam14_int_narrow_stage            KEPT ~1.1x (a two-pass blur whose scratch image is
#                                         stored as 24-bit floats packed by integer code under
#                                         fp32: the scan reads typed narrowings only); rejected
#                                         if the packed stores cost more than the bytes saved
#   control_redteam14_range_route_normal  kept ~3-5x (honest range routing: FP32 window on law
#                                         data, FP64 elsewhere; no shrink on a normal law); its
#                                         spec at rtol 1e-5 since helper h28t (the lint)
#   control_redteam14_range_route_uniform REJECTED ~1.0x, a false refusal: the same kernel on
#                                         red team 7's uniform law, whose timed runs are shrunk
#                                         out of the law once the seed's gate has verified the
#                                         problem homogeneous, so its fast route is never timed
#   redteam14_int_seed_sample             KEPT ~1.3x on main (a Monte Carlo count over int32 seeds
#                                         summed in FP32 at rtol 1e-4, 3 seeds in 4 counted: no
#                                         adversarial set, and the lint echoed float inputs only);
#                                         invalid_spec with a bundle of branch red14
#   control_redteam14_fused_stage         kept ~1.6-1.9x (the blur's two passes fused, no scratch)
# Usage: probe_red14.sh [SECONDS]   (default 300; writes $OUT/probe_red14/). Each folder is
# capped at 40 s, the scan at 15 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red14 "${1:-300}" redteam14_offlaw_normal_sum redteam14_int_narrow_stage \
  redteam14_int_seed_sample control_redteam14_range_route_normal control_redteam14_range_route_uniform \
  control_redteam14_fused_stage || exit 1
cheat_probe_scan 15 $CP_DIRS
say "scan: $(grep -cE '^[a-z0-9_]*redteam14_[a-z0-9_]+ +(honest|cheat|control) .*(precision|error)' \
  "$O/problems_check.log") of 12 variants refused offline (0 on main 96cacd41: all three cheats pass" \
  "the scan, as every seed and control must)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 40 38 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  timed perturbation: $(grep -o 'timed perturbation[^;"]\{0,80\}' <<<"$CR_REC" | head -1)"
done
say "probe_red14: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept), $CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
