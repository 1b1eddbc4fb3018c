#!/usr/bin/env bash
# Issue 28, red team 31 (white-box, main 97f409ff): holes in helper h30t's per-element judgement of
# the model echoes (engine/backend/gpu/model_quiet.h, model_lint_op.cpp, model_lint_verdict), each
# shown by a host emulation of the worker's own code (ninja -C build red31_sim;
# build/tests/engine/red31_sim twin 24 8 / inner 24 8):
#  - tests/cheats/redteam31_twin_quiet_boys: quiet_verdict reads an element's chance q from the
#    OTHER elements' quiet draws; a second quiet-by-construction element (a twin sum) makes q = 1/2
#    for both, 3 x (1/2)^m is never under 1e-6 within the 14 moves model_lint could take, so
#    nothing is decidable, no draw more is taken, and the pair passes "told apart (at 58) (2
#    elements never told apart, quiet by chance not ruled out)". The child: red team 28's 1-in-8
#    sampler on both sums, worst 0.256 of the tolerance on 8 timed runs (host, 2^24).
#  - tests/cheats/redteam31_inner_head_boys: the loud head INSIDE the element (S + H, one FP32
#    number over a permutation of 2^24): every model echo tells it apart by H's moves, S (the
#    65-exponential bulk, 10.6 tolerances) moves by ~0.2% of one, and no class echo (P6k's light part)
#    reaches a permutation. The child reads every p_i, H exact, S from 1 term in 1024 (x 1024).
# PREDICTED on main 97f409ff (unmeasured; ratios scaled from red team 28's live 7.48x for the same
# 1-in-8 sampler of the same Boys sum, h100-2026-12-06d call 3):
#   redteam31_twin_quiet_boys   KEPT ~7-7.5x (MISMATCH against expect invalid_spec); the gate
#                               detail says "2 elements never told apart, quiet by chance not
#                               ruled out"; no fresh-set model echo in gate_phases (none decidable)
#   redteam31_inner_head_boys   KEPT ~10-20x (MISMATCH against expect invalid_spec): the seed is
#                               ~65 SFU exponentials an element (~0.3-0.6 ms), the child one
#                               coalesced 64 MiB read (~20-30 us, above 0.7 x the ~20 us floor);
#                               the gate detail says "told apart" with no undecided elements
# On branch h31 (helper h31's fixes, host only) both are PREDICTED invalid_spec, 2 of 2 as their
# expect says; scripts/gpu/probe_h31.sh runs them with the controls and the corpus.
# A too_fast refusal of the inner cheat would mean the compiler dropped the guarded loads (the
# `pi < 0` test) or the floor differs from 4 n bytes / DRAM; a wrong_result on either would mean a
# timed run's permutation is not uniform (host: 0 of 8 out on both); an invalid_spec on the twin
# would mean the device fold differs from the host's (model_lint folds on the host since h30t).
# Usage: probe_red31.sh [SECONDS]   (default 150; writes $OUT/probe_red31/). Each folder is
# capped at 60 s.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red31 "${1:-150}" redteam31_twin_quiet_boys redteam31_inner_head_boys ||
  exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 60 48 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  model echo note: $(grep -o 'model echo told apart[^"]*' <<<"$CR_REC" | head -1 | cut -c1-200)"
done
say "probe_red31: $CP_OK of $CP_N as their expect says (on main 97f409ff predicted 0 of 2: both" \
  "kept, the holes open); $((SECONDS - t0)) s"
