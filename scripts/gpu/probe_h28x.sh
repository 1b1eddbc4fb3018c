#!/usr/bin/env bash
# Helper h28x's probe (issue 28, "no false rejections": order-free outputs). Three honest
# controls whose outputs an honest kernel writes in a run-dependent order, declared `order:
# free` (docs/problem-format.md, "Order-free outputs"; docs/reliability.md, h28x), and two red
# team cheats that abuse the declaration. Each folder is one round of the real loop through the
# live backend (lib/cheat_probe.sh), its outcome next to its expect's `live:`.
# Offline (branch h28x, no GPU): all 10 variants compile and pass the PTX scans (cheat_suite_test),
# the loader reads the declarations, and the comparison's device source (sort + counted compare)
# gives the host's Comparison field for field in emulation (gpu_compare_emulation_test). Never run
# on a GPU: every line below is a prediction.
#   control_orderfree_atomic_compact  KEPT ~3-10x (one atomicAdd a survivor, 4.2M on one counter,
#                                     -> one a warp-step; main: wrong_result on every run, the
#                                     survivors' order is the atomics')
#   control_orderfree_topk_radix      KEPT ~10-40x (seed: 8 passes a row, a thread a row; child: a
#                                     block a row, histogram select, atomic slots; main:
#                                     wrong_result, the order within a row differs)
#   control_orderfree_edge_list       KEPT ~5-20x (seed: a thread a row, uncoalesced; child: a
#                                     warp a row, one atomic a warp-step; main: wrong_result)
#   redteam_h28x_count_short          WRONG_RESULT at the first check (count 1/16 short: n_out
#                                     exact, one-sided prefix entries fail)
#   redteam_h28x_dup_fill             WRONG_RESULT at the first check (exact count, ~16,000
#                                     duplicates of (0, 0.75) in the sorted view)
# The worker's start-up self-check (device_compare.cpp) now also sorts an order-free probe on the
# device: if it disagreed with the host, solver-gpu prints "audits compare on the host" and the
# probe says so (predicted: it agrees, 0 such lines).
# Printed per folder: the gate's median, the paired medians and the verdict's reason or detail.
# Usage: probe_h28x.sh [SECONDS [FOLDER...]]   (default 300 s and the 5 folders above; writes
# $OUT/probe_h28x/). Each folder is capped at 40 s, the scan at 60 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
folders=(control_orderfree_atomic_compact control_orderfree_topk_radix
  control_orderfree_edge_list redteam_h28x_count_short redteam_h28x_dup_fill)
(($# > 1)) && folders=("${@:2}")
cheat_probe_init probe_h28x "${1:-300}" "${folders[@]}" || exit 1
cheat_probe_scan 60 $CP_DIRS
say "scan: $(grep -cE '^(control_orderfree|redteam_h28x)_[a-z0-9_]+ +(honest|control|cheat) .*(precision|error)' \
  "$O/problems_check.log") of 10 variants refused offline (0 expected)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 40 38 check || continue
  say "  gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  verdict: $(grep -o '"reason":"[^"]\{0,300\}' <<<"$CR_REC" | head -1)"
  say "  detail: $(grep -o '"detail":"[^"]\{0,400\}' <<<"$CR_REC" | head -1)"
  say "  host fallback: $(grep -c 'audits compare on the host\|compare on the host' <<<"$CR_REC") (0 expected)"
done
say "probe_h28x: $CP_KEPT controls kept (3 expected), $CP_OK of $CP_N as their expect says;" \
  "$((SECONDS - t0)) s"
