#!/usr/bin/env bash
# Issue 28, helper h28s (branch h28s): red team 24's four holes closed in the PTX scans (a
# worklist fixpoint with no pass cap, generators/ptx_settle.h; .func bodies inlined into every
# per-entry scan, generators/ptx_inline_calls.h; a table indexed by a float's bits carries them,
# ptx_bit_narrowing.cpp Scan::looked_up). Live, the worker's precision check runs the same scans
# as `problems check --compile-only`, so each redteam24_* child is refused before it is timed.
# Controls of the probe: the same code inlined (redteam14_int_narrow_stage,
# cheat_int8_quantised_fp32) stays refused; control_hon19_rope_sincos (sin/cos of doubles: the FP64
# Payne-Hanek reduction is a .func the scans now read) and the two histogram controls
# (control_hon19_float_hash_buckets, control_redteam16_log_bucket_bits) stay kept.
# Predicted on branch h28s (unmeasured; offline: `solver problems check --compile-only` agrees):
#   scan: the four redteam24_* precision_mismatch; the three control_* pass
#   redteam24_unsettled_scan_stage, redteam24_callee_narrow_stage, redteam24_table_narrow_stage,
#   redteam24_callee_int8_gemm, redteam14_int_narrow_stage, cheat_int8_quantised_fp32:
#     precision_mismatch (their expect's live:)
#   control_hon19_rope_sincos, control_hon19_float_hash_buckets, control_redteam16_log_bucket_bits:
#     kept (as on main; their expect's live:)
# A kept redteam24_* line, or a refused control, is a miss: read the gate detail.
# Usage: probe_h28s.sh [SECONDS]   (default 600; writes $OUT/probe_h28s/). Each folder is capped
# at 90 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28s "${1:-600}" redteam24_unsettled_scan_stage \
  redteam24_callee_narrow_stage redteam24_callee_int8_gemm redteam24_table_narrow_stage \
  redteam14_int_narrow_stage cheat_int8_quantised_fp32 control_hon19_rope_sincos \
  control_hon19_float_hash_buckets control_redteam16_log_bucket_bits || exit 1
# shellcheck disable=SC2086 # one folder a word
cheat_probe_scan 60 $CP_DIRS
say "scan: $(grep -cE ' (cheat|control) +ok +ok ' "$O/problems_check.log") child(ren) pass" \
  "the offline scan; precision lines:"
grep -oE '^[a-z0-9_]+ +cheat +ok +precision' "$O/problems_check.log" | tee -a "$O/results.txt"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 90 40 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
done
say "probe_h28s: $CP_OK of $CP_N as their expect says (all predicted to); $((SECONDS - t0)) s"
