#!/usr/bin/env bash
# Issue 28, red team 25 (white-box, main c9f39b33): the tolerance lint's judgement of a spec, three
# ways a sampler the declared tolerance admits is still accepted. Each folder's spec passes main's
# lint in a host emulation of the worker's own code (tests/engine/red25_*_sim.cpp):
#  - tests/cheats/redteam25_scattered_heavy_sum: red team 23's weighted sum with 128 heavy
#    positions scattered (one every 2^17 places): h28r's light share finds no dominant class
#    (the median class is heavy), law_checks stays TRUE; the light sum, half-sampled, is at 0.08
#    of the tolerance at worst on law redraws and 0.54 on off-law runs (red25_scattered_heavy_sim).
#  - tests/cheats/redteam25_twin_loud_input: red team 16's twin outputs plus a loud second input
#    z in the sum: x alone tells chunk_mean apart, so input_lint excuses it for out, where it is
#    at 0.152; the 1-in-4 log-Beta child is at <= 0.55 of the tolerance (red25_twin_loud_sim).
#  - tests/cheats/redteam25_thin_skip_sum: red team 7's log-Beta sum at rtol 1e-5 (set 0's echo
#    share ~1.5: accepted); the child skips 1 tile in 16 (red25_thin_skip_sim).
# Controls of the probe: redteam16_twin_output_sample and redteam7_offlaw_lgamma_sample (the same
# samplers on the specs the lint refuses) must stay invalid_spec.
# Predicted on main c9f39b33 (unmeasured):
#   redteam25_scattered_heavy_sum  KEPT ~1.6-1.9x (half the 64 MiB read; its live: invalid_spec
#                                  once the lint judges the light part)
#   redteam25_twin_loud_input      KEPT ~2-3x (three quarters of the lgammaf skipped; invalid_spec
#                                  once the excuse is per (input, output))
#   redteam25_thin_skip_sum        KEPT ~1.05x (1/16 of the lgammaf skipped; invalid_spec once
#                                  the bar is calibrated to the skip fraction it must refuse)
#   redteam16_twin_output_sample, redteam7_offlaw_lgamma_sample: invalid_spec
# A MISMATCH on the redteam25_* lines is the prediction (they are open); an invalid_spec on one of
# them means the worker's lint differs from the host emulation: read the gate detail.
# Usage: probe_red25.sh [SECONDS]   (default 500; writes $OUT/probe_red25/). Each folder is capped
# at 120 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red25 "${1:-500}" redteam25_scattered_heavy_sum \
  redteam25_twin_loud_input redteam25_thin_skip_sum redteam16_twin_output_sample \
  redteam7_offlaw_lgamma_sample || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 120 40 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_red25: $CP_OK of $CP_N as their expect says (the three redteam25_* are predicted kept" \
  "on main c9f39b33, i.e. a MISMATCH against their live: until fixed); $((SECONDS - t0)) s"
