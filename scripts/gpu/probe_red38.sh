#!/usr/bin/env bash
# Issue 28, red team 38 (white-box, main e77d5f43 and tail37's merge 2afcf233): five cheats and two
# controls against last session's defences. Nothing here has run on a GPU (the helper had none).
# Predicted on main, "got" compared with each expect's `live:` (the outcome once fixed, so MISMATCH
# is the hole showing):
#   redteam38_launch_count_window  KEPT ~2.7x in ~95% of rounds (MISMATCH), IF %gridid counts
#                                  launches (part gridid checks first: predicted consecutive
#                                  launches 1 apart, +100 across 100 other launches, a memset and a
#                                  copy +0 or +1, every block of a launch the same value, a new
#                                  context restarting low; if it does not count the child is always
#                                  fast, an honest 2.7x, or always slow, rejected)
#   redteam38_clock_relay          KEPT ~2.7x in ~85-90% of rounds (MISMATCH; red team 36's window)
#   control_redteam38_launch_count_rotate  KEPT ~2.5-2.7x (as expect)
#   redteam38_dithered_scratch     KEPT ~1.3x (MISMATCH); the detail's scratch line "... of N
#                                  judged words unresolved" at ~0.19 of N (host emulation)
#   redteam38_module_stage_packed  KEPT ~1.3x (MISMATCH); the scratch line judging 0 words
#   redteam38_half_word_scratch    KEPT ~1.3x (MISMATCH); "scratch resolution: not judged:
#                                  16-bit scratch mid f16"
#   control_redteam38_module_stage KEPT ~1.3-1.5x (as expect)
# The offline scan (this bundle's `problems check --compile-only`) refuses none of the seven.
# With tail37 re-landed in the bundle, the same, and redteam36_clock_window_tail invalid_spec
# (part folders runs it as the reference point when the bundle has tail37's scan).
# With fix38t merged (the clock scan on the property: every special register the launch does not
# fix is a source, and a source's value relayed through a module variable; host only):
#   redteam38_launch_count_window  invalid_spec at the gate, no round timed (as expect), whether
#                                  or not %gridid counts launches (the mechanism is refused)
#   redteam38_clock_relay          invalid_spec at the gate (as expect)
#   control_redteam38_launch_count_rotate  KEPT ~2.5-2.7x (as expect; the scan passes it)
#   the three P4m cheats and control_redteam38_module_stage as above (fix38t touches no P4m)
#   offline scan: 3 refusals (redteam36_clock_window_tail and the two P10t children); part timing
#   then refuses every round of both P10t cheats (kept 0 of REPEATS each).
# Part ceilings (a finding, no folder): the worker reads <cache dir>/ceilings-<chip>.json with no
# folder check and no seal (engine/backend/gpu/ceilings.cpp; fix37's cache_trust covers the
# compile, facts and lint caches only). The probe plants one in a fresh folder with copy_gbps and
# sgemm_tflops of 1e9 and the device's own name; predicted: the worker's `ceilings` answer has
# from_cache true and the planted numbers (the physical floor then uses max(planted, datasheet):
# no floor), and the same with the folder made 0777 (the compile caches refuse such a folder).
# Usage: probe_red38.sh [SECONDS] [PART]   (default 560, PART all; writes $OUT/probe_red38/).
#   PART: all | gridid | ceilings | folders | timing (the two P10t cheats REPEATS more rounds each,
#   default 3). The last line is the verdict.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
REPEATS=${REPEATS:-3}
FOLDERS="redteam38_launch_count_window redteam38_clock_relay control_redteam38_launch_count_rotate
redteam38_dithered_scratch redteam38_module_stage_packed redteam38_half_word_scratch
control_redteam38_module_stage"
# shellcheck disable=SC2086
cheat_probe_init probe_red38 "${1:-560}" $FOLDERS || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
gridid_counts=unknown
if [[ "$PART" == all || "$PART" == gridid ]]; then
  if nvcc -O2 -arch=sm_90 -o "$O/red38_gridid" scripts/gpu/red38_gridid.cu >"$O/gridid_build.log" 2>&1; then
    timeout 30 "$O/red38_gridid" >"$O/gridid.txt" 2>&1
    while read -r l; do say "gridid: $l"; done <"$O/gridid.txt"
    # counts where 8 consecutive launches rise by 1 each
    if awk '/^consecutive:/ { for (i = 3; i <= NF; ++i) if ($i != $(i-1) + 1) exit 1; exit 0 }' \
      "$O/gridid.txt"; then gridid_counts=yes; else gridid_counts=no; fi
    say "gridid counts launches one apart: $gridid_counts (predicted yes)"
  else
    say "gridid: nvcc failed ($O/gridid_build.log)"
  fi
fi
if [[ "$PART" == all || "$PART" == ceilings ]]; then
  C=$(mktemp -d /tmp/red38-ceilings.XXXXXX)
  name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
  # ceilings-<chips.yaml id>.json, the id the worker maps the device to (h100_sxm or h200 here)
  for chip in h100_sxm h200; do
    printf '{"chip_id":"%s","device_name":"%s","copy_gbps":1e9,"sgemm_tflops":1e9,"tf32_tflops":1e9,"datasheet_dram_gbps":1,"measured_at":"planted by probe_red38"}\n' \
      "$chip" "$name" >"$C/ceilings-$chip.json"
  done
  for mode in 700 777; do
    chmod "$mode" "$C"
    ans=$(printf '%s\n' '{"id":1,"op":"ceilings"}' | timeout 120 "$B/bin/solver-gpu" --serve \
      --problems-root "$B/share/solver/problems" --chips "$B/share/solver/rules/chips.yaml" \
      --cache-dir "$C" 2>"$O/ceilings_$mode.err" | head -1)
    say "ceilings, planted file in a $mode folder: $(grep -o '"copy_gbps":[^,]*' <<<"$ans")" \
      "$(grep -o '"from_cache":[^,}]*' <<<"$ans") (predicted 1e9 and true both times)"
  done
  rm -rf "$C"
fi
if [[ "$PART" == all || "$PART" == folders ]]; then
  # shellcheck disable=SC2086
  cheat_probe_scan 240 $CP_DIRS redteam36_clock_window_tail
  say "offline scan: refusals $(grep -c 'precision_mismatch\|invalid_spec\|lint' "$O/problems_check.log")" \
    "(predicted 0 on main; 1 with tail37's scan: redteam36_clock_window_tail; 3 with fix38t's:" \
    "and the two P10t children)"
  for name in $CP_DIRS; do cheat_probe_round "$name" 150 40 check || break; done
fi
if [[ "$PART" == all || "$PART" == timing ]]; then
  for name in redteam38_launch_count_window redteam38_clock_relay; do
    kept=0 ran=0
    for ((k = 1; k <= REPEATS; ++k)); do
      CR_SEED=$((50 + k)) cheat_probe_round "$name" 120 40 check || break
      ran=$((ran + 1))
      [[ "$CR_GOT" == kept ]] && kept=$((kept + 1))
    done
    say "$name: kept $kept of $ran more rounds (predicted most; 0 with fix38t's scan)"
  done
fi
say "probe_red38: $CP_OK of $CP_N as their expect says (predicted on main: the 2 controls; the 5" \
  "cheats MISMATCH, kept; with fix38t: 4, the 2 controls and the 2 P10t cheats invalid_spec);" \
  "gridid counts: $gridid_counts; $((CP_BUDGET - $(left) - 2)) s"
