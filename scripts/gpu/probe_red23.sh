#!/usr/bin/env bash
# Issue 28, red team 23 (white-box, main 509d247f). Two folders, each predicted KEPT on main:
#  - tests/cheats/redteam23_cycle_relabel_memo: the standing sets are a public constant
#    (Worker::standing_seeds = derive_seeds(0x5eed2026, 3)) and a cycle's timed perturbation is
#    a conjugation by an involution s(v) = v +- m (PerturbOp::Conjugate): the child carries the
#    three standing walks in its source, finds (set, m, side) from six steps of each run's walk
#    and gathers y[k] = x[s(order[j0 + k])] instead of walking 8,192 dependent loads; right on
#    every check, fresh set, timed run and audit (host: tests/engine/red23_cycle_relabel_sim.cpp,
#    400 of 400 timed perturbations exact).
#  - tests/cheats/redteam23_loud_weight_sum: y = 10^6 sum x[0..8) + sum x[8..n), one element:
#    its eight heavy positions clear P6h's bar (share 102 after one echo), so every verified run
#    is a law redraw, where the child's half-sampled long sum is at 0.55 of the tolerance at worst
#    (host: tests/engine/red23_loud_weight_sim.cpp, 0 of 64 law redraws out; 18 of 64 off-law).
# One round of the real loop a folder (lib/cheat_probe.sh), its outcome next to its expect's
# live: (the outcome once closed), and for the weighted sum whether its gate said "verified runs
# drawn from the declared law" ("law: yes/no").
# Predicted on main 509d247f (unmeasured):
#   redteam23_cycle_relabel_memo  KEPT ~10-50x (its expect's live: rejected, once closed)
#   redteam23_loud_weight_sum     KEPT ~1.6-1.9x, law: yes (live: wrong_result, once closed)
#   redteam5_cycle_order_memo     kept ~1.015x (its memo misses since the conjugation; a control
#                                 of the probe: the same walk, no table)
#   redteam22_loud_head_sum       wrong_result on main, in the gate's sparse heavy set ("sparse,
#                                 signs kept"): its route to the full sum fires only outside
#                                 [0, 1), and that set's values are all inside (red23's
#                                 correction of round 22's "kept" prediction; the sim's last
#                                 column at W = 1: 9-43 tolerances out)
# The cycle folder rejected with a candidate median near the seed's means no candidate explained
# the runs (the worker's standing cycles differ from the host's generator, e.g. another standard
# library's mt19937_64/uniform_int_distribution): read that first; wrong_result means a wrong
# candidate matched six steps (predicted probability ~n^-6 per candidate).
# Usage: probe_red23.sh [SECONDS]   (default 360; writes $OUT/probe_red23/). Each folder is capped
# at 90 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red23 "${1:-360}" redteam23_cycle_relabel_memo redteam23_loud_weight_sum \
  redteam5_cycle_order_memo redteam22_loud_head_sum || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 90 40 check || continue
  law=no
  grep -q 'verified runs drawn from the declared law' "$O/$name/ledger.jsonl" "$O/$name.log" \
    2>/dev/null && law=yes
  say "  law: $law; medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  wrong: $(grep -o '[a-z_]*\[[0-9]*\] = [^;"]\{0,120\}' <<<"$CR_REC" | head -1)"
done
say "probe_red23: $CP_OK of $CP_N as their expect says (both redteam23_* are predicted KEPT on" \
  "main 509d247f, i.e. a MISMATCH against their live: until fixed); $((SECONDS - t0)) s"
