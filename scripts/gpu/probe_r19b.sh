#!/usr/bin/env bash
# Helper r19b probe (issue 28, red team 19's two residuals): (1) 64-bit integer outputs compared
# as integers: the worker's device comparison self-check (DeviceCompare::self_check, at every
# worker start) now runs i64/u64 probes with their references as bits and an exact comparison
# (rtol 0, atol 0); a worker that starts passed it, a mismatch throws "the device comparison
# disagrees with the host's on a probe (i64, rtol 0, exact ...)" and no round runs. (2) The
# physical floor on the law pairs (engine/backend/pair_floor.h): no honest control may be
# refused "too fast in the law pairs". Predicted (no GPU in that session): every folder below as
# its expect file says (the red19 cheats wrong_result, both controls kept at ~4-7x), no
# "too fast in the law pairs" anywhere, and no "disagrees with the host's" line.
# Usage: probe_r19b.sh [SECONDS]   (default 240; writes $OUT/probe_r19b/). Each folder is capped
# at 55 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_r19b "${1:-240}" control_redteam19_boys_erf control_redteam19_census_boys \
  redteam19_law_garbage_boys redteam19_law_garbage_hist || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 55 42 check || continue
  say "  law pairs: $(grep -o '[^;"]\{0,40\}law pairs[^;"]\{0,160\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  floor on the law pairs: $(grep -c 'too fast in the law pairs' <<<"$CR_REC") (0 expected)"
done
say "self-check: $(cat "$O"/*.log 2>/dev/null | grep -c "disagrees with the host's") line(s) of" \
  "a device comparison disagreeing with the host's (0 expected; a worker that started passed it)"
say "probe_r19b: $CP_KEPT of $CP_N folders kept (the two controls must be), $CP_OK of $CP_N as" \
  "their expect says; $((SECONDS - t0)) s"
