#!/usr/bin/env bash
# Issue 28, red team 32 (white-box, main 247ffb2b): four holes in P6k's judgement of a light part
# (engine/backend/gpu/law_regions.h, law_regions_op.cpp; the device's solver_judged256), each a
# gate keyed on something the spec chooses, shown by a host emulation of the worker's own code
# (ninja -C build red32_sim; build/tests/engine/red32_sim kind 24 8 / spread 26 12 4 / hashed 25
# 12 4 / semi 24 12 / control 24 2):
#  - tests/cheats/redteam32_kind_tail_lbeta: h30d's own folder (red team 28's heavy log-Beta sum in
#    y[0], light share 0.093, weak at atol 0) with its 512 cheap companions moved into y[0]'s kind
#    by the tolerance alone: atol 0 and an own-position weight of 34,000 (tolerance 3e-5 x 34,000
#    x_p). Set 0: 61 weak of kind 0 (y[0] + 60 companions), 471 near: the tail holds, no refusal
#    (y[0] alone: 0.0926, invalid_spec). The child (red team 28's half-tile sampler of y[0]'s light
#    terms): worst 0.257 of the tolerance on 8 off-law timed runs, 0.187 on 8 law redraws, 0 out.
#  - tests/cheats/redteam32_residue_light_lbeta: P6k's (c) (kLightSpread = 64 strided classes):
#    a light part on the pairs j = 0..62 mod 256 (a quarter of 2^26 values) beside 128 heavy pairs
#    at residues 64..191: light share 0.094, light_spread 63, never judged (without (c):
#    invalid_spec). The child (a quarter of the light runs, x 4): worst 0.309 on 12 off-law timed
#    runs, 0.216 on 12 law redraws, 0 out.
#  - tests/cheats/redteam32_hashed_light_lbeta: strided_needed: the strided classes are taken only
#    where the FIXED hashed partition (echo_mix(j) % 32) finds a light part; the light part on the
#    pairs of hashed classes 0..14 (~47% of 2^25 values), 8 heavy pairs in class 15: the median
#    hashed class does not move, no strided class is taken (had it been: 0.074, invalid_spec).
#    The child (a ratio estimator on a quarter of the light values): worst 0.373 / 0.207, 0 out.
#  - tests/cheats/redteam32_semi_heavy_lbeta: the 16 x dominance bar: 128 cheap terms weighted from
#    the public set 0 so that each of their strided classes moves y by 10 x the median class's
#    energy (under the bar): nothing dominant, (a) fails, unjudged (light share over every class
#    0.926); told apart at 10.5 by the cheap terms. The child (half the plain sum's tiles, x 2):
#    worst 0.354 on 12 off-law timed runs, 0.253 on 12 law redraws, 0 out.
#  - tests/cheats/control_redteam32_kind_tail_rec: the same shape with nothing weak (y[0] a plain
#    sum told apart at 3.9 of a 780 tolerance, every companion told apart); its child evaluates
#    every term by lgamma(x + 4) = lgamma(x + 2) + log((x + 2)(x + 3)). Must be kept, on main and
#    after any fix of the kind tail.
# PREDICTED on main 247ffb2b (unmeasured; ratios from red team 28's live 1.32x for the same
# half-tile child and control_redteam26's recurrence children):
#   redteam32_kind_tail_lbeta        KEPT ~1.3x (MISMATCH against expect invalid_spec); no
#                                    "tolerance admits a 1-in-2 sample of the light part" in the
#                                    gate detail; a wrong_result would mean the device strata /
#                                    cells move the half-tile sample more than the host's 0 of 16
#   redteam32_residue_light_lbeta    KEPT ~3x (MISMATCH against expect invalid_spec); an invalid_spec
#                                    would mean the device's light_spread counts the 65 unmoved
#                                    classes (a reference that is not the same bits on every run:
#                                    its block partials are rounded to 2^-20 to be order-free);
#                                    too_fast would mean the child under 0.7 x the 64 MiB floor
#   redteam32_hashed_light_lbeta     KEPT ~2.5-3x (MISMATCH against expect invalid_spec); the
#                                    gate_phases show no strided class echoes (32 hashed only);
#                                    an invalid_spec would mean strided classes were taken
#   redteam32_semi_heavy_lbeta       KEPT ~1.3-1.5x (MISMATCH against expect invalid_spec); an
#                                    invalid_spec would mean the device's set 0 is not the host's
#                                    regular_set (the weights then untuned: some class dominant)
#   control_redteam32_kind_tail_rec  KEPT ~1.2-1.4x (as expect); an invalid_spec here would mean the
#                                    device judgement differs from the host's (weak 0 of either kind)
# An invalid_spec on the cheat would mean the device's kind counts differ from the host's (the
# kernel reads each element's atol part from `base`: at atol 0 every element is kind 0) or that the
# tail's near count is under 4 x 61 on the device set 0 (host: 471).
# Usage: probe_red32.sh [SECONDS]   (default 540; writes $OUT/probe_red32/). Each folder is
# capped at 120 s (the 2^26 folder's lint takes 256 + 64 class echoes of a 256 MiB input).
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red32 "${1:-540}" redteam32_kind_tail_lbeta redteam32_residue_light_lbeta \
  redteam32_hashed_light_lbeta redteam32_semi_heavy_lbeta control_redteam32_kind_tail_rec || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 120 48 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  light part note: $(grep -o 'light part[^"]*' <<<"$CR_REC" | head -1 | cut -c1-200)"
done
say "probe_red32: $CP_OK of $CP_N as their expect says (on main 247ffb2b predicted 1 of 5: the" \
  "control kept, the four cheats kept with the holes open); $((SECONDS - t0)) s"
