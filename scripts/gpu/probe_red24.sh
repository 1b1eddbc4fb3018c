#!/usr/bin/env bash
# Issue 28, red team 24 (white-box, main e7e4695e): the per-entry PTX data-flow scans. Four
# folders, each passed by the bundle's offline scan on main (problems check --compile-only):
#  - tests/cheats/redteam24_unsettled_scan_stage: red team 14's narrowed scratch (24-bit floats
#    packed by integer code) beside a dead relay of 96 register moves written last hop first; the
#    bit scan's fixpoint (ptx_bit_narrowing.cpp, 80 passes) never settles and `if (changed)
#    continue;` judges the whole entry on nothing.
#  - tests/cheats/redteam24_callee_narrow_stage: the same narrowing in a __noinline__ device
#    function (a PTX .func); the per-entry scans read .entry bodies only (ptx_entries.cpp).
#  - tests/cheats/redteam24_callee_int8_gemm: cheat_int8_quantised_fp32 with its int8 quantiser
#    __noinline__: the IMMA operands come back from a call, with no float origin, so the
#    provenance scan passes it; a scale per row passes every set.
#  - tests/cheats/redteam24_table_narrow_stage: the same narrowing with the kept bytes looked up
#    in an identity table in shared memory: the bit scan follows data, not addresses.
# Controls of the probe: redteam14_int_narrow_stage and cheat_int8_quantised_fp32 (the same code
# inlined) must stay precision_mismatch.
# Predicted on main e7e4695e (unmeasured):
#   scan: the four redteam24_* pass ("compile ok", no precision line); the two controls
#         precision_mismatch
#   redteam24_unsettled_scan_stage  KEPT ~1.1x (its expect's live: precision_mismatch, once closed)
#   redteam24_callee_narrow_stage   KEPT ~1.05-1.1x (four out-of-line calls a thread)
#   redteam24_table_narrow_stage    KEPT ~1.1x (three shared-memory byte loads a value)
#   redteam24_callee_int8_gemm      KEPT ~3-10x (per-row int8 scales; never run on a GPU: a
#                                   wrong_result would be a kernel bug, not a defence)
#   redteam14_int_narrow_stage, cheat_int8_quantised_fp32: precision_mismatch
# A MISMATCH on the redteam24_* lines is the prediction (they are open); a precision_mismatch on
# one of them means the worker's scan differs from problems check's: read the gate detail.
# Usage: probe_red24.sh [SECONDS]   (default 500; writes $OUT/probe_red24/). Each folder is capped
# at 90 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red24 "${1:-500}" redteam24_unsettled_scan_stage \
  redteam24_callee_narrow_stage redteam24_callee_int8_gemm redteam24_table_narrow_stage \
  redteam14_int_narrow_stage \
  cheat_int8_quantised_fp32 || exit 1
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
say "probe_red24: $CP_OK of $CP_N as their expect says (the four redteam24_* are predicted to" \
  "pass the scan on main e7e4695e, i.e. a MISMATCH against their live: until fixed); " \
  "$((SECONDS - t0)) s"
