#!/usr/bin/env bash
# Issue 28, helper h28w (session 24): red team 25's thin skip and scattered heavy positions,
# closed as stated properties. (probe_h28w.sh is this helper's session-22 probe of P6h, kept.)
#   - skip_bound.h: per output, phi*, the smallest fraction of the work a kernel may skip and
#     rescale that a round catches with p >= 0.9 over 8 verified runs on unseen data (the gate's
#     fresh set and 1 + 2 audits, time_pairs' fresh check and 1 + 2 audits), from the echo
#     spread of the verified runs' kind (set 0 on the law; the fresh set's nine echoes off it).
#     Said in the gate detail; a narrowed check ("skip left open") where phi* >= 1%. No bar.
#   - law_regions.h: 256 strided classes (pair j in class j mod 256) after the two 32-class
#     partitions, where the problem is still on the law; a light share in (0, 1] refuses the
#     spec (invalid_spec, "tolerance admits a 1-in-2 sample of the light part").
# Each folder gets one round of the real loop through the live backend (lib/cheat_probe.sh), its
# outcome next to its expect's live:, whether its gate said "verified runs drawn from the
# declared law" (law: yes/no) and the "skip left open" / "skip bound" words.
# Predicted (host: red25_thin_skip_sim 26 16 1e-5 16, red25_scattered_heavy_sim 24 32,
# law_regions_test, skip_bound_test):
#   redteam25_scattered_heavy_sum         invalid_spec (strided light share 0.032 of the
#                                         tolerance: every heavy pair in strided class 0)
#   redteam25_thin_skip_sum               kept (~93% of rounds; unchanged: disclosed, not refused;
#                                         its expect says invalid_spec, the outcome once closed),
#                                         narrowed check "skip left open ... out phi* ~0.41"
#                                         (echo spread on the fresh set, the timed kind: host
#                                         sd 1.05; phi* 0.3-0.5 with the nine echoes' noise)
#   control_hon20_atomic_float_histogram  kept, law: yes (strided light share ~550 at 2^20 values
#                                         on the host; 256 more reference runs on class echoes
#                                         of 256 MiB: ~64 GiB host->device, ~3 s at 25 GB/s, plus
#                                         the host copies; the gate's lint phase shows it)
#   redteam23_loud_weight_sum             wrong_result, law: no (contiguous light share 0.20:
#                                         off the law before the strided classes; unchanged)
#   control_redteam16_twin_output_recurrence  kept, "skip left open" on out (share 1.1: phi*
#                                         ~0.4), chunk_mean phi* ~1e-6
#   problems/reduce is not a folder here: its skip bound is read from the fresh set (P6c's
#   shrink: set 0 0.34, fresh 48): predicted "skip bound" without "left open".
# Usage: probe_h28w_r25.sh [SECONDS]   (default 360; writes $OUT/probe_h28w_r25/). Each folder is
# capped at 70 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28w_r25 "${1:-360}" redteam25_scattered_heavy_sum \
  redteam25_thin_skip_sum control_hon20_atomic_float_histogram redteam23_loud_weight_sum \
  control_redteam16_twin_output_recurrence || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 70 40 check || continue
  law=no
  grep -q 'verified runs drawn from the declared law' "$O/$name/ledger.jsonl" "$O/$name.log" \
    2>/dev/null && law=yes
  say "  law: $law; gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -1)"
  say "  skip: $(grep -o 'skip \(left open\|bound\) ([^"]\{0,400\}' <<<"$CR_REC" | head -1)"
  say "  light: $(grep -o 'sample of the light part[^"]\{0,200\}' <<<"$CR_REC" | head -1)"
done
say "probe_h28w_r25: $CP_OK of $CP_N as their expect says (predicted all but the thin skip, kept" \
  "by design, open: the disclosure is the change); $((SECONDS - t0)) s"
