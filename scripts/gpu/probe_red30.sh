#!/usr/bin/env bash
# Issue 28, red team 30 (white-box, main ddb1edcc): holes in the newest defences, each shown by
# a host emulation of the worker's own code (ninja -C build red30_sim; build/tests/engine/red30_sim
# grain 24 8 / grain16 24 8 / two 24 16), one honest control, and a race on the verdict cache:
#  - tests/cheats/redteam30_grain_mean_lbeta: P6k's grain (h29k, law_regions.h grain_floor,
#    judged_light_shares' (d)) judges a light part by its 1-in-2 class echoes, which move a sum of
#    many similar terms by their spread (~sqrt(pairs) x sd), never by their mean. Red team 26's
#    heavy log-Beta sum with W = 1.25 x 2^32: |y| ~ 3.2e12 (FP32 step 2^18), the strided light
#    share 1.17e-4 (1,867 absolute, 16 x under half a step): unseen, no refusal; the light part's
#    total is 7.8e7 = 4.9 tolerances, and a 1-in-16 rescaled sample errs by <= 1.1e-3 of the
#    tolerance on every verified kind (host).
#  - tests/cheats/redteam30_grain_bf16_lbeta: the same at W = 4e5 into a BF16 output (rtol 5e-3):
#    the light part a quarter of y and 49 tolerances, light share 1.18e-3 under a floor of 2.08e-2:
#    unseen; the same BF16 sum without its heavy terms is refused by the lint's own bar (0.0078).
#  - tests/cheats/redteam30_two_input_strata_cv: P6l's strata go on ONE law input a run
#    (timed_perturbations: draw_strata(out[can[... % can.size()]])). Two int32 normal inputs; the
#    child detects which was stratified (red team 29's statistic), sums it in FP32 and samples
#    the other with red team 29's control variate: 16 of 16 runs named right, worst 0.24, 0 out
#    (the same sample without the detector: 12 of 16 out).
#  - tests/cheats/control_redteam30_two_input_fp32: honest (every value in FP32): must be kept.
# Predicted on a bundle with h30g (session 29: P6k's grain bound sqrt(light pairs), red team 30's
# fix A, and P6l's strata on every law input of every timed run, each with its own keys), host
# numbers from red30_sim on h30g (unrun live):
#   redteam30_grain_mean_lbeta        invalid_spec (ok): grain_bound 2,896, floor 1.419e-6 under
#                                     the light share 1.171e-4: judged, refused as before (d);
#                                     no grain note
#   redteam30_grain_bf16_lbeta        invalid_spec (ok): floor 1.147e-4 under 1.183e-3: refused
#   redteam30_two_input_strata_cv     wrong_result (ok) in most rounds: both inputs stratified
#                                     every run, the child (sampling b) out on 14 of 16 timed
#                                     runs (worst 18.1 tolerances), so a round of 6 audited runs
#                                     is caught with P ~ 1 - (2/16)^6; the FP64 seed's ratio
#                                     stays what it was before the audit
#   control_redteam30_two_input_fp32  KEPT ~2.5-5x (ok): FP32 on both inputs stays in on every
#                                     stratified timed run (host: worst 0.0080 of the
#                                     tolerance, 0 of 16 out; red30_sim two 24 16)
# Before h30g (main ddb1edcc; scaled from red teams 26-29's live ratios: redteam28_atol_excused_heavy's
# seed 109 us and 1-in-2 child 82.6 us on an H100 (the same lgammaf sum: ~55 us of lgammaf),
# redteam27_cv_residual_sum's FP64 seed of the same log B 316 us, its FP32 control 56.5 us; each
# round 2-15 s): the three redteam30 cheats KEPT (grain ~2.5-4x with the grain note
# "light part below FP32/BF16 resolution of y"; two-input ~3-7x over the FP64 seed), the control
# KEPT ~2.5-5x. On such a bundle the three cheats read MISMATCH.
# (Measured on the host beside it: a sample at a hashed place a group needs no detector at all, 0
# of 16 out: red team 29's prime-stride class. The two-input fix alone closes stride-aligned
# samples only.)
# A refusal of the grain cheat as too_fast would mean its select chain let the compiler drop
# loads (it must read the 64 MiB; floor 0.7 x ~20 us); an invalid_spec on it would mean the device
# judged path differs from the host rule (gpu_shares_emulation_test holds them equal); a
# wrong_result on the two-input cheat with the control kept would mean CUDA's lgammaf is worse
# than host lgammaf (the FP32 half) or the detector missed (the line names the audited sample).
# Part 2, the verdict cache's key read twice (no folder: a race on problem.yaml). The worker parses
# problem.yaml when it prepares the variant (worker.cpp `load_problem`) and reads it AGAIN for the
# cache key at the lint's start (lint_cache_op.cpp:34 `try_read_text_file(p.spec.file)`), while
# every other key field comes from the parsed spec. If the file changes in between, spec A's
# verdict is filed under spec B's bytes. Demonstrated on tests/corpus/llmc_adamw_small_tensors: A
# is the folder (v declares `blind_to: [grads]`: passes), B the same without the declaration
# (refused: grads alone moves v by 0.14 of its tolerance, P6i); the resolved layout, tolerances
# and reference are the same, so B's later runs compute A's key inputs but for the bytes. Each of
# 6 trials: a fresh cache folder (NVRTC entries copied in), problem.yaml flipped A/B every ~10 ms
# during one `problems check --seed-only`, then B alone with that cache.
# PREDICTED: B on a fresh cache: invalid_spec (grads, v), not cached; A: passed (its note says
# the declaration). In a trial whose worker parsed A and keyed
# B (~1/4 to 1/2 of trials: the two reads are ~0.1-1 s apart), B's run afterwards says "tolerance
# lint: cached verdict" and its gate passes, with A's "declared" note: a verdict computed for
# another spec. P(at least one of 6) ~0.8-0.98. (If A is refused too, for another reason, part 2
# shows nothing either way: its line says so.) Fix: key the bytes the loader parsed (the loader
# keeps their sha256 in the ProblemSpec), never a second read.
# CLOSED since (lead, session 29: ProblemSpec::text, the parsed bytes, is what the key hashes):
# PREDICTED NOW: B never passes from the cache in any of the 6 trials (a trial whose worker parsed
# A files A's verdict under A's bytes, which B never computes); a served pass means the fix failed.
# Usage: probe_red30.sh [SECONDS]   (default 300; writes $OUT/probe_red30/). Each folder is capped
# at 45 s, the control last, then part 2 with what is left (~60-100 s wanted).
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_red30 "${1:-300}" redteam30_grain_mean_lbeta \
  redteam30_grain_bf16_lbeta redteam30_two_input_strata_cv control_redteam30_two_input_fp32 || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 45 36 check || continue
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  say "  grain note: $(grep -o 'light part below [^"]*' <<<"$CR_REC" | head -1 | cut -c1-160)"
done
say "probe_red30: $CP_OK of $CP_N as their expect says (with h30g: the two grain folders" \
  "invalid_spec, the two-input cheat wrong_result, the control kept); $((SECONDS - t0)) s"

# Part 2: the key's second read of problem.yaml.
race_check() {  # race_check TAG CACHE [--no-cache]: one `problems check --seed-only --json` row
  local tag=$1 cache=$2
  shift 2
  SOLVER_CACHE_DIR=$cache timeout 60 $S problems check llmc_adamw_small_tensors --problems-dir \
    "$R/p" --seed-only --json "$@" >"$R/$tag.json" 2>"$R/$tag.log"
  python3 - "$R/$tag.json" <<'PY' || echo "no JSON"
import json, sys
rows = json.load(open(sys.argv[1])).get("rows", [])
r = next((r for r in rows if r.get("gate_phases_ms")), rows[0] if rows else {})
d = r.get("detail", "")
print("%s | cached: %s | %s" % (r.get("gate"), "yes" if "cached verdict" in d else "no",
                                 d[:200].replace("\n", " ")))
PY
}
if (($(left) < 40)); then
  say "part 2 (lint key race): not run (budget spent)"
  exit 0
fi
S="$B/bin/solver --data-dir $B/share/solver"
R=$O/race
P=$R/p/llmc_adamw_small_tensors
rm -rf "$R" && mkdir -p "$R/p" && cp -r tests/corpus/llmc_adamw_small_tensors "$R/p/"
cp "$P/problem.yaml" "$R/A.yaml"
sed 's/, blind_to: \[grads\]//' "$R/A.yaml" >"$R/B.yaml"
cp "$R/B.yaml" "$P/problem.yaml"
say "part 2: B (no blind_to), a fresh cache: $(race_check b_first "$R/warm")"
say "part 2: A (blind_to: [grads]), no cache: $(cp "$R/A.yaml" "$P/problem.yaml"; race_check a_nocache "$R/none" --no-cache; cp "$R/B.yaml" "$P/problem.yaml")"
won=0
for t in 1 2 3 4 5 6; do
  (($(left) < 15)) && break
  C=$R/c$t
  mkdir -p "$C" && cp "$R"/warm/* "$C"/ 2>/dev/null
  rm -f "$C"/*.lint.json
  (while :; do
    cp "$R/A.yaml" "$P/.y" && mv "$P/.y" "$P/problem.yaml"
    sleep 0.01
    cp "$R/B.yaml" "$P/.y" && mv "$P/.y" "$P/problem.yaml"
    sleep 0.01
  done) &
  tog=$!
  flipped=$(race_check "t${t}_flip" "$C")
  kill "$tog" 2>/dev/null
  wait "$tog" 2>/dev/null
  cp "$R/B.yaml" "$P/problem.yaml"
  after=$(race_check "t${t}_B" "$C")
  say "  trial $t: flipping: $flipped"
  say "  trial $t: B after:  $after"
  [[ "$after" == passed*"cached: yes"* ]] && won=$((won + 1))
done
say "part 2: B served a pass from its cache in $won trial(s) (predicted >= 1 of 6: the hole);" \
  "$((SECONDS - t0)) s"
