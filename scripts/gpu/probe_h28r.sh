#!/usr/bin/env bash
# Issue 28, helper h28r: P6h's bar with each element's dominant positions left out
# (engine/backend/gpu/law_regions.h). Red team 23's redteam23_loud_weight_sum (y = 10^6 sum
# x[0..8) + sum x[8..n), one element) cleared P6h's bar on its eight heavy positions (share 102
# after one echo), so every verified run was a law redraw where its child's half-sampled long sum
# hides (0 of 64 law redraws out, red23_loud_weight_sim). On branch h28r set 0 also takes 32
# class echoes of each of two partitions (contiguous stretches, hashed pairs) where the problem
# would go on the law, and each element's light share (the classes more than 4 x the median
# class's move left out) must clear 30 too. Each folder gets one round of the real loop through
# the live backend (lib/cheat_probe.sh), its outcome next to its expect's live:, and whether its
# gate said "verified runs drawn from the declared law" ("law: yes/no").
# Predicted (host: build/tests/engine/red23_loud_weight_sim 24 64; law_regions_test at 2^20):
#   redteam23_loud_weight_sum             wrong_result, law: no (contiguous classes: light share
#                                         0.20 < 30 after 32 class echoes; off the law the child
#                                         is out on 18 of 64 runs: ~80% of rounds; kept in ~20%)
#   control_hon20_atomic_float_histogram  kept ~2-10x, law: yes (light shares 438 / 416 at 2^20
#                                         values and 32 bins; its weakest stays 41.9 from w alone;
#                                         64 more reference runs on class echoes of 256 MiB, each
#                                         freed once read: one more set at peak)
#   redteam22_loud_head_sum               wrong_result, law: no (red team 22's fix, unchanged)
#   cheat_skip_rescale                    as its expect, law: no (share ~0.3: no class echoes)
# A "law:" answer other than predicted is the finding to read first. The gate's time in the
# lint (64 more reference runs for the histogram) shows in the record's gate phase.
# Usage: probe_h28r.sh [SECONDS]   (default 300; writes $OUT/probe_h28r/). Each folder is capped
# at 70 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28r "${1:-300}" redteam23_loud_weight_sum \
  control_hon20_atomic_float_histogram redteam22_loud_head_sum cheat_skip_rescale || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 70 40 check || continue
  law=no
  grep -q 'verified runs drawn from the declared law' "$O/$name/ledger.jsonl" "$O/$name.log" \
    2>/dev/null && law=yes
  say "  law: $law; gate: $(grep -o 'median [0-9.e+-]* us over [0-9]* runs[^;"]\{0,60\}' <<<"$CR_REC" | head -1)"
  say "  wrong: $(grep -o '[a-z_]*\[[0-9]*\] = [^;"]\{0,120\}' <<<"$CR_REC" | head -1)"
done
say "probe_h28r: $CP_OK of $CP_N as their expect says (predicted all; the weighted sum" \
  "wrong_result in ~80% of rounds, so a single kept round is not yet a finding); $((SECONDS - t0)) s"
