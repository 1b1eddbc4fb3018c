#!/usr/bin/env bash
# Issue 28, red team 39 (white-box, main a61de1af: after fix38t, fix38s and fix38b): five cheats and
# two controls. Nothing here has run on a GPU (the helper had none). Predicted on main, "got"
# compared with each expect's `live:` (the outcome once fixed, so MISMATCH is the hole showing):
#   redteam39_wide_word_fields        KEPT ~1.05-1.2x (MISMATCH); the detail's scratch line judging
#                                     mid (u64, its words read as FP64) with 0 words unresolved
#                                     (host emulation: 0 of 28,672)
#   redteam39_resolution_strata_tell  KEPT ~1.2-1.3x (MISMATCH) in ~99% of rounds; the scratch line
#                                     0 unresolved (the step measured the FP32 path)
#   redteam39_placement_window        KEPT ~2.7x (MISMATCH) in ~75-90% of rounds, rejected in the
#                                     others (a series drew the slow placement); part timing counts
#   redteam39_local_frame_relay       KEPT ~2.5x (MISMATCH) in ~85-90% of rounds, IF part local
#                                     shows the stamp found (predicted: all 270,336 reader threads,
#                                     or nearly, after "stamp then reader"; 0 after a same-frame
#                                     scrub); where it is not found the child is an honest ~2.5x,
#                                     kept too, and the hole is not shown
#   redteam39_atol_class_exp          KEPT ~1.5-1.8x (MISMATCH) on main a61de1af: red team 15's cut
#                                     exp, refused by P4c at atol 0 (1.82 x the bound), at 0.146 x
#                                     the bound with the problem's atol 1e-6 added (red38b_sim kappa
#                                     ... 1e-6). After fix39c (the atol at the class's share,
#                                     2^-32 (atol + max(|r|, S))): precision_mismatch (as expect),
#                                     the detail's ratio 1.8-6 (red38b_sim: 1.82 with S whole,
#                                     6.02 at the share floor)
#   control_redteam39_placement_rotate   KEPT ~2.5-2.7x (as expect)
#   control_redteam39_double2_partials   precision_mismatch (MISMATCH: a false refusal), the detail
#                                     naming module array part read as FP32 words, "out of
#                                     proportion" (host emulation: 0.495-0.497 unresolved)
# After helper fix39w (P4m reads a region as the float words its code stores; host only, unrun):
#   redteam39_wide_word_fields        PRECISION_MISMATCH (as expect), the detail naming mid (u64,
#                                     its code stores FP32 words), ~0.44 unresolved (host: 0.443-0.444
#                                     of 53,248; the seed 0 of 65,536)
#   control_redteam39_double2_partials   KEPT ~2-5x (as expect), part read as FP64 words (host: 0)
# The offline scan (the bundle's `problems check --compile-only`) refuses none of the seven.
# Part local (scripts/gpu/red39_local_frame.cu): the two device assumptions: a slot's 16-byte local
# frame keeps a stamp from one kernel to the next (predicted yes, the local scrub's own premise),
# and cudaMalloc bases are 2 MiB-aligned (so the worker's random slide makes bits 21..24 of a work
# buffer uniform: predicted "mod 2 MiB 0" on every line).
# Usage: probe_red39.sh [SECONDS] [PART]   (default 560, PART all; writes $OUT/probe_red39/).
#   PART: all | local | folders | timing (the two P10t cheats REPEATS more rounds each, default 4).
#   The last line is the verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
REPEATS=${REPEATS:-4}
FOLDERS="redteam39_wide_word_fields redteam39_resolution_strata_tell redteam39_placement_window
redteam39_local_frame_relay redteam39_atol_class_exp control_redteam39_placement_rotate
control_redteam39_double2_partials"
# shellcheck disable=SC2086
cheat_probe_init probe_red39 "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
stamp_found=unknown
if [[ "$PART" == all || "$PART" == local ]]; then
  if nvcc -O2 -arch=sm_90 -o "$O/red39_local_frame" scripts/gpu/red39_local_frame.cu \
    >"$O/local_build.log" 2>&1; then
    timeout 30 "$O/red39_local_frame" >"$O/local.txt" 2>&1
    while read -r l; do say "$l"; done <"$O/local.txt"
    hits=$(awk '/stamp then reader:/ { print $5 }' "$O/local.txt")
    if [[ -n "$hits" && "$hits" -gt 0 ]]; then stamp_found=yes; else stamp_found=no; fi
    say "local frame keeps the stamp between kernels: $stamp_found (predicted yes)"
  else
    say "local: nvcc failed ($O/local_build.log)"
  fi
fi
if [[ "$PART" == all || "$PART" == folders ]]; then
  # shellcheck disable=SC2086
  cheat_probe_scan 240 $CP_DIRS
  say "offline scan: refusals $(grep -c 'precision_mismatch\|invalid_spec\|lint' "$O/problems_check.log")" \
    "(predicted 0)"
  for name in $CP_DIRS; do cheat_probe_round "$name" 150 40 check || break; done
fi
if [[ "$PART" == all || "$PART" == timing ]]; then
  for name in redteam39_placement_window redteam39_local_frame_relay; do
    kept=0 ran=0
    for ((k = 1; k <= REPEATS; ++k)); do
      CR_SEED=$((70 + k)) cheat_probe_round "$name" 120 40 check || break
      ran=$((ran + 1))
      [[ "$CR_GOT" == kept ]] && kept=$((kept + 1))
    done
    say "$name: kept $kept of $ran more rounds (predicted most)"
  done
fi
say "probe_red39: $CP_OK of $CP_N as their expect says (predicted on main: 1, the placement" \
  "control; the 5 cheats MISMATCH, kept; control_redteam39_double2_partials MISMATCH," \
  "precision_mismatch); local stamp found: $stamp_found; $((CP_BUDGET - $(left) - 2)) s"
