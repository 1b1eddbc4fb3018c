#!/usr/bin/env bash
# Issue 28, red team 32 (white-box, main 247ffb2b): a hole in helper h30d's tails by kind (P6k's
# light_tail, engine/backend/gpu/law_regions.h atol_held / refusable_shares; the device's
# solver_judged256), shown by a host emulation of the worker's own code (ninja -C build red32_sim;
# build/tests/engine/red32_sim kind 24 8 / control 24 2):
#  - tests/cheats/redteam32_kind_tail_lbeta: h30d's own folder (red team 28's heavy log-Beta sum in
#    y[0], light share 0.093, weak at atol 0) with its 512 cheap companions moved into y[0]'s kind
#    by the tolerance alone: atol 0 and an own-position weight of 34,000 (tolerance 3e-5 x 34,000
#    x_p). Set 0: 61 weak of kind 0 (y[0] + 60 companions), 471 near: the tail holds, no refusal
#    (y[0] alone: 0.0926, invalid_spec). The child (red team 28's half-tile sampler of y[0]'s light
#    terms): worst 0.257 of the tolerance on 8 off-law timed runs, 0.187 on 8 law redraws, 0 out.
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
#   control_redteam32_kind_tail_rec  KEPT ~1.2-1.4x (as expect); an invalid_spec here would mean the
#                                    device judgement differs from the host's (weak 0 of either kind)
# An invalid_spec on the cheat would mean the device's kind counts differ from the host's (the
# kernel reads each element's atol part from `base`: at atol 0 every element is kind 0) or that the
# tail's near count is under 4 x 61 on the device set 0 (host: 471).
# Usage: probe_red32.sh [SECONDS]   (default 150; writes $OUT/probe_red32/). Each folder is
# capped at 60 s.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red32 "${1:-150}" redteam32_kind_tail_lbeta control_redteam32_kind_tail_rec ||
  exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 60 48 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  light part note: $(grep -o 'light part[^"]*' <<<"$CR_REC" | head -1 | cut -c1-200)"
done
say "probe_red32: $CP_OK of $CP_N as their expect says (on main 247ffb2b predicted 1 of 2: the" \
  "control kept, the cheat kept with the hole open); $((SECONDS - t0)) s"
