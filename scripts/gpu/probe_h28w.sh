#!/usr/bin/env bash
# Issue 28, helper h28w: P6h (engine/backend/gpu/law_checks.h). The honest FP32 weighted histogram
# control_hon20_atomic_float_histogram was refused live twice on 2026-12-05 (H100: its seed 1.8%
# off in bin 0 on the fresh set, "h[0] = 1152013.5, reference 1172938.06"): every timed run, the
# fresh set and the audits shrink a [0, 1) law's values by 2^-g (P6c) and put its interior in 3
# of 15 cells (P13), so half of the 2^25 values land in bin 0 and their tiny weights are absorbed
# by an FP32 accumulator of ~1.2e6. On branch h28w a problem whose set 0 tells every output from
# its 1-in-2 echo by 30 x the tolerance has every verified run (timed runs, fresh sets, audits)
# drawn i.i.d. from its declared law; the others stay off the law as before. Each folder gets one
# round of the real loop through the live backend (lib/cheat_probe.sh, one solver process a
# folder: the gate learns the mode and the live backend carries it to the timed pairs), its
# outcome next to its expect's live:, and whether its gate said "verified runs drawn from the
# declared law" (the record's narrowed checks; "law: yes/no" below).
# Predicted (host figures: tests/engine/h28w_hist_sim.cpp at 2^25, law_checks_test at 2^20):
#   control_hon20_atomic_float_histogram  kept ~2-10x, law: yes (set 0's echo share ~1,500-2,200;
#                                         the seed on the law 0.67-0.84 of the tolerance over
#                                         13 host sets, the child 0.13-0.18; main: gate-failed
#                                         wrong_result; risk: the seed's thin margin)
#   redteam19_law_garbage_hist            wrong_result, law: yes (integer outputs, exact: every
#                                         verified run is now law data, where the child writes
#                                         n / bins; caught at the gate's fresh set, not only by
#                                         the law pairs' audits)
#   redteam18_cell_histogram              rejected, law: yes (timed on the law: the fallback,
#                                         ~0.95-1.0x)
#   redteam18_slot_taylor                 rejected (its new live_also; live: wrong_result before
#                                         P6h), law: yes: right on law-like data at every slot,
#                                         so not faster there
#   redteam18_small_arg_boys              rejected, law: yes if its per-element output's echo
#                                         share clears 30 (expected), ~0.94x on the law
#   redteam2_sparse_memo                  rejected, law: yes (per-element output; every position
#                                         is redrawn in the law redraw too)
#   cheat_skip_rescale, redteam_first_launch, redteam7_offlaw_detect_sum
#                                         as their expect, law: no (sums at rtol 1e-4 whose set 0
#                                         share is ~0.3-0.4: the shrink stays)
#   redteam2_max_subsample                wrong_result, law: no (a maximum: set 0 does not tell it)
#   control_redteam7_cuda_samples_threadfence  kept, law: no (share 0.44 on set 0)
# A "law:" answer other than predicted is the finding to read first: the bar decides it live.
# Usage: probe_h28w.sh [SECONDS]   (default 540; writes $OUT/probe_h28w/). Each folder is capped
# at 50 s; budget spent ends it (the folders run in this order, most telling first).
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28w "${1:-540}" control_hon20_atomic_float_histogram \
  redteam19_law_garbage_hist cheat_skip_rescale redteam18_cell_histogram redteam18_slot_taylor \
  redteam_first_launch \
  redteam2_max_subsample redteam18_small_arg_boys redteam2_sparse_memo \
  redteam7_offlaw_detect_sum control_redteam7_cuda_samples_threadfence || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 50 40 check || continue
  law=no
  grep -q 'verified runs drawn from the declared law' "$O/$name/ledger.jsonl" "$O/$name.log" \
    2>/dev/null && law=yes
  say "  law: $law; gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -1)"
  say "  lint: $(grep -o '1-in-2 echo told apart[^;"]\{0,100\}' "$O/$name/ledger.jsonl" 2>/dev/null | head -1)"
  say "  wrong: $(grep -o '[a-z_]*\[[0-9]*\] = [^;"]\{0,120\}' <<<"$CR_REC" | head -1)"
done
say "probe_h28w: $CP_KEPT of $CP_N folders kept (the two controls), $CP_OK of $CP_N as their" \
  "expect says (predicted all; redteam18_slot_taylor by its live_also, rejected);" \
  "$((SECONDS - t0)) s"
