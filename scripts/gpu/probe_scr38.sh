#!/usr/bin/env bash
# Probe of branch scr38 (issue 28, P4m; docs/reliability.md "Red teams 33/34 live: the scratch
# step never ran on them" and "P4m at 16-bit width"). Two changes, neither run on a GPU (the
# helper had none): every number below is a host prediction (scripts/host_emu/
# p4fix_scratch_resolution.cpp with the folders' own kernel sources on 32 x 1024 images,
# tests/engine/scratch_resolution_test, tests/engine/deferred_gate_test).
#  1. A candidate the paired timing refuses on its values (wrong_result, input_mutated) before
#     its deferred checks ran now runs its deferred part (engine/loop/candidate_checks.h
#     deferred_after_refusal), and where that refuses it too, the full gate's order names it.
#     Live on 2026-12-07c red teams 33/34 were wrong_result "during paired timing" with
#     gate.deferred_checks "not_run" and no "gate/scratch resolution" phase: the step, in the
#     deferred part, never ran on them.
#  2. A 16-bit scratch (f16, bf16) under an fp32/fp64 class is measured as FP16 or BF16 words
#     under moves of its own (scratch_resolution.h resolution_moves: FP16 2^-9 and 2^-6, BF16
#     2^-6 and 2^-3, judged where the coarse move carried a word >= 16 steps), two more runs
#     for each 16-bit format present.
# PREDICTED, part `cheats` (each against its expect's `live:`):
#   redteam33_float_packed_scratch     precision_mismatch (was wrong_result): "precision_mismatch:
#                                      scratch mid (f32) does not resolve its values at the
#                                      declared class 'fp32' ... (~91%) ... about 14.5 bits ...;
#                                      the full gate's order (its deferred part, run after the
#                                      paired timing refused it: wrong_result during paired
#                                      timing: cheat: wrong result after timing ...)"; the ledger
#                                      has a "gate/scratch resolution" phase and
#                                      gate.deferred_checks "ran" (host: 20,515-20,544 of 22,528
#                                      judged words unresolved, 0.911-0.912)
#   redteam34_subnormal_packed_scratch the same (its stored words equal red team 33's)
#   redteam35_word_scratch_packed      precision_mismatch as on 2026-12-07c (its pairs pass on
#                                      [0.25, 1): refused in the deferred part after a faster
#                                      verdict, ~88.6%; this branch changes nothing there)
#   redteam38_half_word_scratch        fault (misaligned address), MISMATCH against its expect
#                                      (precision_mismatch): its child's float4 stores start at
#                                      24-byte block offsets (PACKED3_WORD unsigned short counts
#                                      halves), misaligned on every odd block. Were it fixed, the
#                                      step (now reading its f16 scratch as FP16 words) would
#                                      pass it: its 16-bit fields resolve the FP16 fine move
#                                      (docs/reliability.md "What stays").
#   If a pairs refusal of 33/34 is not wrong_result this time (the seeded fresh set may stay
#   inside the tolerance: then they reach the deferred part as red team 35's child does), the
#   outcome is the same precision_mismatch without the "paired timing refused it" clause.
# PREDICTED, part `controls` (kept as their expect says, the step's note printed):
#   control_scr38_half_scratch         kept (or `rejected` if the child is not faster: a timing
#                                      verdict, unmeasured; never a check's refusal): "scratch
#                                      resolution: 0 of N judged words unresolved at 2^-18 (mid
#                                      f16 at 2^-9, 16 steps at 2^-6) ..." with N ~ 80% of the
#                                      67 M words (host: 0 of 26,551-26,846 of 32,768)
#   control_scr38_bf16_scratch         the same with "(mid bf16 at 2^-6, 16 steps at 2^-3)",
#                                      N ~ 67% (host: 0 of 21,979-22,209 of 32,768)
#   control_redteam34_splitk_scratch   kept 2.8x as on 2026-12-07c (f32 scratch: the step's runs
#                                      are now a list; the same three for it)
#   A seed refused "does not resolve" at 16-bit width (the run's seed fails: nothing kept) is a
#   false refusal of this branch: report the share and the counts.
# The pools' f32 scratch (softmax, decoder_block, ...): `probe_p4m37.sh SECONDS pools` on this
# bundle; predicted every row passing as on 2026-12-07c (the step's runs for an f32 scratch are
# the same three).
# What would falsify them: red team 33/34 still wrong_result with deferred_checks "not_run"
# (the bundle is not built from scr38), or refused by the deferred part with another status
# (wrong_result on a regular set after the first: the full gate's order then names that, which
# is what eager gives too); a 16-bit control refused by the step (the device's FP16/BF16
# conversions round differently from the host's: they do not, both round to nearest even).
# Usage: probe_scr38.sh [SECONDS] [PART]   (default 560, PART all; writes $OUT/probe_scr38/).
#   PART: all | cheats (~4 x 40-160 s) | controls (~3 x 60-120 s). `all` may not fit 600 s.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
CHEATS="redteam33_float_packed_scratch redteam34_subnormal_packed_scratch
  redteam35_word_scratch_packed redteam38_half_word_scratch"
CONTROLS="control_scr38_half_scratch control_scr38_bf16_scratch control_redteam34_splitk_scratch"
case "$PART" in
  cheats) RUN=$CHEATS ;;
  controls) RUN=$CONTROLS ;;
  *) RUN="$CHEATS $CONTROLS" ;;
esac
# shellcheck disable=SC2086
cheat_probe_init probe_scr38 "${1:-560}" $RUN || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
resolution() { grep -o 'scratch resolution[^;"]\{0,200\}\|scratch [A-Za-z0-9_]* ([A-Za-z0-9, ]*) does not resolve[^;"]\{0,160\}' <<<"$1" | head -2 | tr '\n' '|'; }
for name in $CP_DIRS; do
  cheat_probe_round "$name" 170 40 check || continue
  r=$(resolution "$CR_REC")
  say "  scratch resolution: ${r:-none in the record (the step did not run, or said nothing)}"
  say "  paired refusal: $(grep -o "the full gate's order[^\"]\{0,160\}" "$O/$name/ledger.jsonl" 2>/dev/null | head -1)"
  say "  in the ledger: $(grep -o 'scratch resolution[^;"]\{0,200\}' "$O/$name/ledger.jsonl" 2>/dev/null | sort -u | head -3 | tr '\n' '|')"
  say "  deferred: $(grep -o '"deferred_checks":"[^"]*"' "$O/$name/ledger.jsonl" 2>/dev/null | sort -u | tr '\n' ' ')" \
    "phases: $(grep -o '"gate/scratch resolution":[0-9.e+-]*\|"incumbent/gate/scratch resolution":[0-9.e+-]*' "$O/$name/ledger.jsonl" 2>/dev/null | head -2 | tr '\n' ' ')"
done
say "probe_scr38 ($PART): $CP_OK of $CP_N folders as their expect says, $CP_KEPT kept (PREDICTED:" \
  "cheats 3 of 4 (33, 34, 35 precision_mismatch, 33/34 with the paired-refusal clause; red38's" \
  "half-word child fault), 0 kept; controls 3 of" \
  "3, 2-3 kept (a 16-bit control may read rejected: not faster, unmeasured)); $((SECONDS - t0)) s"
