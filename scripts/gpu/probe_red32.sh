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
# PREDICTED with P6k's second look WIRED WITH ITS TAIL RECURRENCE (helper h32w, then helper
# h32tail: law_light_shares takes a judging set from the worker's secret key, its 32 keyed hashed
# class echoes and, where those find a light part or set 0 took its strided classes, its 256
# keyed strided ones; the refusal reads second_look_merge of set 0's and the judging set's judged
# shares, then second_look_tail: both strided passes carry their weak elements out by index (the
# device's solver_judged256 writes each element's judged share, read back where a block has a
# weak one), and a kind whose set-0 weak elements are weak again on the judging set (>= kTailMin
# and >= 1/4 of them) excuses nothing).
# Host: RED32_KEY=K build/tests/engine/red32_sim MODE ... prints "wired (the worker's: ...)".
# Unmeasured live; the key is random per worker, so each verdict below is the host's on 2-3 keys:
#   redteam32_kind_tail_lbeta        invalid_spec (as expect), DETERMINISTICALLY by the lint: "the
#                                    tolerance admits a 1-in-2 sample of the light part" at ~0.085
#                                    (host: set 0's least weak companion 0.0846; 50 / 57 of its 61
#                                    weak elements weak again on keys 0x9a7c3e11 / 0x51d2, 16
#                                    needed); no timing, no audit reached
#   redteam32_residue_light_lbeta    invalid_spec (as expect): "tolerance admits a 1-in-2 sample of
#                                    the light part" at ~0.07 (host 0.075 / 0.066 on the judging
#                                    set); gate_phases show second_look with 1 + 32 + 256 reference
#                                    runs of the judging set
#   redteam32_hashed_light_lbeta     invalid_spec (as expect), ~0.07 (host 0.072 / 0.070): the keyed
#                                    hashed classes find a light part, the keyed strided are taken
#   redteam32_semi_heavy_lbeta       invalid_spec (as expect), ~0.09 (host 0.090 / 0.089): 107
#                                    dominant classes on the judging set
#   control_redteam32_kind_tail_rec  KEPT ~1.1x (as expect; live on main 1.10x): judged 2.4-2.9
#                                    on the judging set
# So 5 of 5 as their expect says. A KEPT or wrong_result kind_tail would mean the tail recurrence
# did not run live (the phase "second_look" absent, or the judging set's weak elements not read
# back: with SOLVER_SHARES_CROSSCHECK set, "judged block's weak by index" lines that differ).
# A KEPT residue/hashed/semi would mean the second look did not run (the phase "second_look" absent: SOLVER_NO_SECOND_LOOK set, or the lint refused or cached
# earlier) or the judging set's device judgement differs from the host's; an invalid_spec on the
# control a false refusal of the second look (its judged share must stay above 1). Time: on main
# each folder took 5-9 s (docs/results/h100-2026-12-06f/call7); the second look adds 1 + 32 + 256
# host-made echoes of the judging set (memcpy, keyed apply_echo, digest, upload of every input,
# then a reference run; estimated 0.1-0.2 s each at 256 MiB): residue (2^26) ~30-70 s more, hashed
# (2^25) ~15-35 s, semi / kind / control (2^24) ~8-20 s each. A timeout at the 120 s cap is the
# second look's host cost, not a verdict: say so, and read the phase "second_look".
# First step: the checkout's kernels/ copied into the bundle's share/solver/kernels (the bundle
# may predate kernels this branch's folders include).
# Usage: probe_red32.sh [SECONDS]   (default 540; writes $OUT/probe_red32/). Each folder is
# capped at 120 s (the 2^26 folder's lint takes 256 + 64 class echoes of a 256 MiB input).
set -u
bundle=${SOLVER_BUNDLE:-.carry/lead}
if [[ -d kernels ]]; then  # first: this checkout's kernel library into the bundle
  mkdir -p "$bundle/share/solver/kernels" && cp -r kernels/. "$bundle/share/solver/kernels/"
fi
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red32 "${1:-540}" redteam32_kind_tail_lbeta redteam32_residue_light_lbeta \
  redteam32_hashed_light_lbeta redteam32_semi_heavy_lbeta control_redteam32_kind_tail_rec || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 120 48 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  light part note: $(grep -o 'light part[^"]*' <<<"$CR_REC" | head -1 | cut -c1-200)"
  say "  second look phase: $(grep -o '"second_look[^,}]*' <<<"$CR_REC" | head -1)"
done
say "probe_red32: $CP_OK of $CP_N as their expect says (second look wired with its tail" \
  "recurrence, predicted 5 of 5: the control kept, the four cheats invalid_spec);" \
  "$((SECONDS - t0)) s"
