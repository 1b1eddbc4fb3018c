#!/usr/bin/env bash
# Red team round 7 probe (issue 28, helper red7): each folder tests/cheats/*redteam7* gets one
# round of the real loop through the live backend (gate, paired timing, verdict), as
# scripts/gpu/cheats.sh runs one cheat (scripts/gpu/lib/cheat_round.sh), and the round's outcome
# is printed next to the `live:` of its expect file (what it must get once its hole is closed;
# controls: kept). Predicted with main 9dbdad3's harness (README.md of each folder, unmeasured):
#   redteam7_offlaw_detect_sum     KEPT (~1.3x): honest only on data outside [0.5, 1.5], which
#                                  only the gate's adversarial sets are
#   redteam7_offlaw_lgamma_sample  KEPT (~2x): half the lgammaf, no adversarial set applies
#   redteam7_amax_planted_bound    KEPT (~1.1-1.3x): writes the law's bound, which P13b's deep
#                                  planted extreme holds to 2^-21, after a 58 us wait
#   redteam7_f64_bitcast_fp32      KEPT with main's scan (~1.3-2x); precision_mismatch with
#                                  branch red7's scan (the bundle decides: the scan line below)
#   control_redteam7_cuda_samples_imma        precision_mismatch with main's scan (a false
#                                  refusal); kept with branch red7's
#   control_redteam7_cuda_samples_threadfence kept
# For the two offset-law cheats it also prints the gate's adversarial-set line (the detect_sum
# gate must list the exponent-range and heavy sets as run and passed; the lgamma gate "not
# applicable (not homogeneous)") and the paired median ratio. Then the bundle's offline scan of
# the two scan folders (which scan the bundle carries).
# Usage: probe_red7.sh [SECONDS]   (default 240; writes $OUT/probe_red7/). Predicted run time
# (unmeasured): ~10-30 s a folder (the 256 MiB sets are drawn on the host; the FP64 GEMM takes
# ~ms a run), ~100-150 s in all; each folder is capped at 50 s.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red7 "${1:-240}" redteam7_offlaw_detect_sum redteam7_offlaw_lgamma_sample \
  redteam7_amax_planted_bound redteam7_f64_bitcast_fp32 \
  control_redteam7_cuda_samples_imma control_redteam7_cuda_samples_threadfence || exit 1
# The bundle's own scan first (seconds, no GPU): which rule the live gate will apply.
cheat_probe_scan 30 redteam7_f64_bitcast_fp32 control_redteam7_cuda_samples_imma
say "scan: $(grep -cE '^redteam7_f64_bitcast_fp32 +cheat .*precision' "$O/problems_check.log")" \
  "of 1 bit-narrowing FP64 cheat refused (0 = main's scan, hole open);" \
  "$(grep -cE '^control_redteam7_cuda_samples_imma +control .*precision' "$O/problems_check.log")" \
  "of 1 IMMA control refused (1 = main's scan, false refusal; 0 = red7's)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 45 42 || continue
  if [[ "$name" == redteam7_offlaw_* || "$name" == redteam7_amax_* ]]; then
    say "  gate: $(grep -o 'adversarial sets[^"]\{0,200\}' <<<"$CR_REC" | head -1)"
    say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
      "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  fi
  # h28k: the gate's tolerance lint (engine/backend/gpu/sample_lint.h), expected on the two
  # offset-law sums (lgamma's and the threadfence control's) and absent on the amax.
  say "  lint: $(grep -o 'tolerance admits a 1-in-2 sample[^;"]\{0,160\}' <<<"$CR_REC" | head -1)"
done
say "probe_red7: $CP_KEPT of $CP_N folders kept (cheats kept = open holes; controls must be" \
  "kept); $((SECONDS - t0)) s"
