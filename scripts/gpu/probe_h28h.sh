#!/usr/bin/env bash
# Issue 28, helper h28h: P6k off the law (red team 26's second hole) and the false refusal of
# control_hon22_softmax_argmax (live on an H100, docs/results/h100-2026-12-06b/call5).
#  - The strided class echoes and light_refusal are taken wherever the lint passes, on or off the
#    law, on the judged light share (law_regions.h judged_light_shares: an element whose dominant
#    classes hold >= its light energy; an atol-held element left out where its output tells its
#    light part apart); classes x elements over 2 GiB: a counting pass, then the elements that
#    can be judged at most 1 (or under the bar on the law) exact (strided_judgement).
#  - control_hon22_softmax_argmax declares rtol 1e-4: its seed's FP32 running sum over 32000 terms
#    missed 1e-5 on law redraws too (host: 6 of 10, up to 1.20; off the law 9 of 10, up to 1.74;
#    build/tests/engine/hon22_softmax_offlaw_sim 1024 10); at 1e-4 its worst is 0.174.
# Predicted (unmeasured; host emulations with the branch's own code where named):
#   redteam26_offlaw_heavy_lbeta          invalid_spec (judged light 0.0046; red26_offlaw_heavy_sim)
#   redteam23_loud_weight_sum             invalid_spec, or too_fast where the floor refuses the
#                                         child first (its expect lists both)
#   redteam26_sampled_light_copy          invalid_spec (y[0] judged exactly after the counting pass:
#                                         2^24 elements x 256 classes pass 2 GiB)
#   redteam25_scattered_heavy_sum         invalid_spec (unchanged)
#   control_redteam26_weighted_lbeta_16   kept ~1.3x (strided light 1.60: not dominant, judged 0)
#   control_redteam26_weighted_lbeta_1e3  kept ~1.3x (strided light 1.58, judged 0)
#   control_redteam26_copy_sum_16 / _1e3  kept ~1.3x (y[0] as above; the copies have no light part)
#   control_redteam16_twin_output_recurrence  kept (no dominant class: judged 0; proxy: the plain
#                                         sum at rtol 1e-5, strided light 2.40, judged 0)
#   control_hon22_softmax_argmax          kept, ratio ~2-5x (its child, a block a row); the lint
#                                         phase takes ~45 s more than before (256 strided class
#                                         echoes of a 32.8M-element output, one counting pass; no
#                                         element flagged for a second pass)
#   control_hon20_fast_softmax, control_hon21_causal_log_softmax  kept (row normalisations: the
#                                         smallest values atol-held, the rest told)
#   lint time (the probe prints the ledger's tolerance-lint phases): the softmax control ~45-55 s
#   more than its 15.5 s of 2026-12-06 (256 strided echoes of 32.8M elements); the copy-sum folders
#   and redteam26_sampled_light_copy two passes of 256 echoes of 2^24 elements (~15-25 s: y[0] is
#   flagged by the counting pass; the second pass compares it alone); the one-element log-Beta sums ~1 s.
# A control refused is a false refusal to report (read the gate detail: "of the light part" names
# P6k). Usage: PART=1|2 probe_h28h.sh [SECONDS] (default 560; two parts, each under a call's 600 s;
# writes $OUT/probe_h28h/). Each folder is capped at 150 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
if [ "${PART:-1}" = 2 ]; then
  folders="control_redteam26_copy_sum_16 control_redteam26_copy_sum_1e3 redteam26_sampled_light_copy
    redteam25_scattered_heavy_sum control_hon20_fast_softmax control_hon21_causal_log_softmax"
else
  folders="redteam26_offlaw_heavy_lbeta control_hon22_softmax_argmax control_redteam26_weighted_lbeta_16
    control_redteam26_weighted_lbeta_1e3 control_redteam16_twin_output_recurrence redteam23_loud_weight_sum"
fi
# shellcheck disable=SC2086
cheat_probe_init probe_h28h "${1:-560}" $folders || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 150 40 check || continue
  say "  lint ms: $(grep -oE 'gate/tolerance lint(/law_regions)?"[: ]*[0-9.]+' <<<"$CR_REC" | head -4 | tr '\n' ' ')"
done
say "probe_h28h part ${PART:-1}: $CP_OK of $CP_N as their expect says; $((SECONDS - t0)) s"
