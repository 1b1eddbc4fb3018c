#!/usr/bin/env bash
# Helper h28q's probe (issue 28, red team 23's cycle-relabel memo closed): the timed perturbation
# of a cycle or a permutation is now a keyed pseudorandom pairing (engine/backend/gpu/
# pair_relabel.h, device kernel solver_perturb_relabel) instead of an affine one (s(v) = v +- m).
#  1. One live round each (lib/cheat_round.sh) of
#     redteam23_cycle_relabel_memo  predicted rejected (~0.97-1.00: no candidate explains a timed
#                                   run, so the child stages its table, fails its checks and walks
#                                   as the seed does); kept near 1.00x also accepted (live_also).
#                                   On main 509d247f: predicted KEPT ~10-50x. A ratio above ~2
#                                   means a candidate still matched: read the worker's self-check
#                                   line and the sim (red23_cycle_relabel_sim) first.
#     redteam5_cycle_order_memo     kept ~1.0x or rejected, as since the conjugation (its memo
#                                   misses; the same walk).
#     redteam2_perm_positions       rejected, as before (a permutation's timed change: now every
#                                   value relabelled and a seeded half of the places exchanged).
#  2. The gate (`problems check`: compile, reference, the gate's sets with the fresh set, which
#     runs the device perturbation) on the honest structured problems: tests/corpus list_walk
#     (a 2^25-node cycle, the largest structured input), tests/corpus_fresh2 cs_bitonic_shared
#     and tests/corpus_fresh4 vllm_reshape_and_cache (permutations): predicted every variant
#     passes, as on main.
#  3. The worker's self-check (device kernels = host definition byte for byte, on i32 and u64
#     permutations and cycles, native and float64): a mismatch falls back and says "device
#     derivation is not used" on stderr. Must be 0.
# Usage: probe_h28q.sh [SECONDS]   (default 300; writes $OUT/probe_h28q/). Predicted run time
# (unmeasured): ~10-60 s a cheat round (capped at 80 s), ~30-120 s for the three gates (list_walk's
# seed walks 2^25 dependent loads a run: the longest).
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28q "${1:-300}" redteam23_cycle_relabel_memo redteam5_cycle_order_memo \
  redteam2_perm_positions || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 80 38 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  phases: $(grep -oE '"[a-z_/]*(perturb|samples)":[0-9.]*' <<<"$CR_REC" | tr '\n' ' ' |
    cut -c1-200)"
done
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
for pd in corpus:list_walk corpus_fresh2:cs_bitonic_shared corpus_fresh4:vllm_reshape_and_cache; do
  dir=tests/${pd%%:*} prob=${pd#*:}
  l=$(left)
  if ((l < 15)); then
    say "$prob: gate not run (budget spent)"
    continue
  fi
  ((l > 120)) && l=120
  timeout "$l" "$B/bin/solver" --data-dir "$B/share/solver" problems check --problems-dir "$dir" \
    --chip h200 --json "$prob" >"$O/check_$prob.json" 2>"$O/check_$prob.log"
  rc=$?
  say "$prob: gate exit $rc; $(python3 -c 'import json,sys
j = json.load(open(sys.argv[1]))
print("; ".join(f"{r[\"variant\"]} gate={r[\"gate\"]} failed={r[\"failed\"]}" for r in j["rows"]),
      "| failures", j.get("failures"))' "$O/check_$prob.json" 2>/dev/null || echo "no JSON (cut)")"
done
fallback=$(cat "$O"/*.log 2>/dev/null | grep -c "device derivation is not used")
say "self-check fallback warnings: $fallback (must be 0)"
say "probe_h28q: $CP_OK of $CP_N folders got what they must; $((SECONDS - t0)) s"
