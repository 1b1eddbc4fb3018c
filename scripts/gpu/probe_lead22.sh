#!/usr/bin/env bash
# The twenty-second session's last device minutes (lead): the merged fixes of helpers h28w (P6h:
# verified runs drawn from the declared law where its data already tell a sampler apart), h28x
# (an audited law pair's class-bound scale on its own draw) and h28y (controls that win), one round
# each, in the order that matters most if the budget runs out: the histogram control (h28w's
# false refusal) and the cheat nearest to it (a histogram that serves garbage off the law), the
# FP64 finite-difference control (h28x), the prefilter control (h28y).
# Predictions (helpers' reports): the three controls kept (histogram ~law mode "yes"; fd_shift
# ~1.8-2x; cutoff_prefilter ~1.6-1.8x), redteam19_law_garbage_hist wrong_result.
# Usage: probe_lead22.sh [SECONDS, default 140]; under $OUT/probe_lead22/.
set -u
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_lead22 "${1:-140}" control_hon20_atomic_float_histogram \
  redteam19_law_garbage_hist control_redteam15_f64_fd_shift \
  control_redteam12_f64_cutoff_prefilter || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 45 40 check || continue
  law=no
  grep -q 'verified runs drawn from the declared law' "$O/$name/ledger.jsonl" "$O/$name.log" \
    2>/dev/null && law=yes
  say "  law: $law"
done
say "probe_lead22: $CP_KEPT of $CP_N folders kept, $CP_OK of $CP_N as their expect says;" \
  "$((SECONDS - t0)) s"
