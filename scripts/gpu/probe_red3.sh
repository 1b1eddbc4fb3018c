#!/usr/bin/env bash
# Red team round 3 probe (issue 28, helper red3): each folder tests/cheats/*redteam3* gets one
# round of the real loop through the live backend (gate, paired timing, verdict), as
# scripts/gpu/cheats.sh runs one cheat, and the round's outcome is printed next to what it must
# get once the hole is closed (`live:` in its expect file). Cheats are expected KEPT today (the
# holes are open); controls must be kept. Then, if time is left: the SASS of the cheat (does the
# hidden '@ p mma' assemble to HMMA.BF16?) and scripts/gpu/l2_evict_last_probe.cu (does an
# evict_last L2 line survive the worker's memset flush?).
# Usage: probe_red3.sh [SECONDS]   (default 120; writes $OUT/probe_red3/)
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red3 "${1:-120}" redteam3_guard_blank_mma control_redteam3_split_bf16 \
  control_redteam3_cache_hints control_redteam3_mantissa_bits redteam3_formfeed_mma || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 24 32 || continue
done
# The bundle's own scan (offline half): the cheats must pass it today (no precision_mismatch).
if (($(left) > 15)); then
  cheat_probe_scan 15 redteam3_guard_blank_mma redteam3_formfeed_mma
  say "scan: $(grep -cE '^redteam3_[a-z_]+ +cheat .*precision' "$O/problems_check.log") of 2" \
    "cheats refused by the bundle's PTX scan (0 = hole open)"
fi
# The hidden MMA is a real HMMA.BF16 (cuobjdump -sass of the cheat compiled for sm_90).
if (($(left) > 12)) && command -v nvcc >/dev/null; then
  c=kernels/cheats/split_bf16_guard_blank.cu
  if timeout $(($(left) < 30 ? $(left) : 30)) nvcc -arch=sm_90 -cubin -o "$O/guard_blank.cubin" "$c" \
    >"$O/sass.log" 2>&1; then
    cuobjdump -sass "$O/guard_blank.cubin" >"$O/guard_blank.sass" 2>>"$O/sass.log"
    echo "sass: $(grep -c 'HMMA' "$O/guard_blank.sass") HMMA lines, $(grep -c 'HMMA.*BF16' \
      "$O/guard_blank.sass") with BF16, e.g. $(grep -m1 -o 'HMMA[^;]*' "$O/guard_blank.sass")" |
      tee -a "$O/results.txt"
  else
    echo "sass: nvcc failed ($(tail -n 1 "$O/sass.log"))" | tee -a "$O/results.txt"
  fi
fi
# Does an evict_last line survive twice-the-L2 memset flush (the worker's), and the reset?
if (($(left) > 12)) && command -v nvcc >/dev/null; then
  if timeout $(($(left) < 30 ? $(left) : 30)) nvcc -arch=sm_90 -O2 -o "$O/l2probe" \
    scripts/gpu/l2_evict_last_probe.cu -lcuda >"$O/l2probe.log" 2>&1; then
    timeout $(($(left) > 3 ? $(left) : 3)) "$O/l2probe" 2>&1 | tee "$O/l2probe.txt" | sed 's/^/l2: /' |
      tee -a "$O/results.txt"
  else
    echo "l2: nvcc failed ($(tail -n 1 "$O/l2probe.log"))" | tee -a "$O/results.txt"
  fi
fi
echo "probe_red3: $CP_KEPT of $CP_N folders kept today (cheats kept = open holes; controls must be kept); $((SECONDS - t0)) s"
