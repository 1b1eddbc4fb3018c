#!/usr/bin/env bash
# Issue 28's bar (0 honest kernels refused), helper fr35: two honest controls not kept live on
# main 94539956 (docs/results/h100-2026-12-07b call 2).
#  1. control_redteam32_kind_tail_rec: wrong_result on an off-law audit (y[249] 3.91 x its
#     tolerance). Its companions 34,000 x_p + b_i sum (x - 1) cancel where P13's cells move
#     mean(x - 1) to -0.09 .. -0.15, and 512 FP32 atomics of ~3e4 err by 3.9-17.7 tolerances
#     (host: build/tests/engine/fr35_cond_sim 64: 6 of 64 off-law runs, 0 of 64 on the law).
#     P6p (fold_bound.h): an off-law audit or fresh set that fails is compared again with 16 u32
#     of the reference on its inputs folded about the law's centre (0 of 64 out, worst 0.23).
#  2. control_redteam17_fused_levels: the pairs found it SLOWER (0.906x) and the record said
#     inconsistent_timing; now a candidate the pairs find slower is recorded `rejected`.
# Runs the kind_tail_rec control REPEAT times (default 4: each round draws its own timed runs),
# red team 32's four cheats, then the lbeta/blur controls, each one round of the real loop
# (lib/cheat_probe.sh), and greps each ledger for P6p's line.
# PREDICTIONS (with this branch's bundle; unrun):
#  control_redteam32_kind_tail_rec x4: kept in 4 of 4 at ~1.10x (H100; was 1.10x live); in
#    ~1-2 of 4 the gate's detail carries P6p's "passed within its tolerance plus 16 u32" (an
#    off-law run that failed the plain bound: ~30-45% of rounds). A wrong_result naming y[...]
#    here means the live atomics err more than the host emulation: report its "x" figure.
#    With main's bundle: wrong_result in ~1-2 of 4 (each round ~30-45%).
#  redteam32_kind_tail_lbeta, _residue_light_, _hashed_light_, _semi_heavy_: invalid_spec each,
#    as their expect (P6p acts only after a wrong_result; the spec refusal comes first: unchanged).
#  control_redteam17_fused_levels: got `rejected` (pairs ~0.90-0.91x, verdict slower), no longer
#    inconsistent_timing; the column says MISMATCH against `live: kept` (this script reads only
#    `live:`; its `live_open: rejected` is what cheat_suite_gpu_test reads: OPEN there).
#  lbeta controls (control_redteam26_*, control_redteam27_law_poly_lbeta,
#    control_redteam16_twin_output_recurrence) and blur controls (control_redteam14_fused_stage,
#    control_redteam16_lop3_abs_fused, control_redteam17_bf16_scratch): kept, as their expect
#    (P6p only relaxes a bound after a failure; none failed before).
# Usage: ORDER="rec red32 controls" scripts/gpu/probe_fr35.sh [SECONDS, default 560]; results in
#        $OUT/probe_fr35/ (results.txt, each round's folder and log). REPEAT: kind_tail_rec
#        rounds (4). CAP: a folder's cap in seconds (60).
set -u
bundle=${SOLVER_BUNDLE:-.carry/lead}
if [[ -d kernels ]]; then  # this checkout's kernel library into the bundle (the lbeta folders)
  mkdir -p "$bundle/share/solver/kernels" && cp -r kernels/. "$bundle/share/solver/kernels/"
fi
REC=control_redteam32_kind_tail_rec
RED32="redteam32_kind_tail_lbeta redteam32_residue_light_lbeta redteam32_hashed_light_lbeta
  redteam32_semi_heavy_lbeta"
CONTROLS="control_redteam17_fused_levels control_redteam26_counted_tail_lbeta
  control_redteam26_weighted_lbeta_16 control_redteam26_copy_sum_16 control_redteam27_law_poly_lbeta
  control_redteam16_twin_output_recurrence control_redteam14_fused_stage
  control_redteam16_lop3_abs_fused control_redteam17_bf16_scratch"
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
# shellcheck disable=SC2086
cheat_probe_init probe_fr35 "${1:-560}" $REC $RED32 $CONTROLS || exit 1
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
CAP=${CAP:-60}
p6p() {  # P6p's line in a round's ledger, if any
  grep -ho 'passed within its tolerance plus [0-9]* u32[^;"]\{0,20\}' "$O/$1/ledger.jsonl" \
    2>/dev/null | head -1
}
for part in ${ORDER:-rec red32 controls}; do
  case $part in
    rec)
      for r in $(seq 1 "${REPEAT:-4}"); do
        l=$(left)
        ((l < 10)) && { say "$REC round $r: not run (budget spent)"; break; }
        cheat_round "$B/bin/solver" "$REC" "$O" $((l < CAP ? l : CAP)) "${REC}_r$r"
        # shellcheck disable=SC2153  # CR_OK, CR_GOT, ...: set by cheat_round
        CP_N=$((CP_N + 1)) CP_OK=$((CP_OK + CR_OK))
        [[ "$CR_GOT" == kept ]] && CP_KEPT=$((CP_KEPT + 1))
        say "$(printf '%-36s got %-20s want %-8s ratio %-8s %3ds | P6p: %s | %s' "${REC}_r$r" \
          "$CR_GOT" "$CR_WANT" "${CR_RATIO:--}" "$CR_SECONDS" "$(p6p "${REC}_r$r")" \
          "${CR_DETAIL:0:300}")"
      done
      ;;
    red32) for name in $RED32; do cheat_probe_round "$name" "$CAP" 38 check || break; done ;;
    controls)
      for name in $CONTROLS; do
        cheat_probe_round "$name" "$CAP" 42 check || break
        [[ -n "$(p6p "$name")" ]] && say "  $name: P6p: $(p6p "$name")"
      done
      ;;
  esac
done
# shellcheck disable=SC2154  # t0: set by cheat_probe_init
say "probe_fr35: $CP_OK of $CP_N as expected, $CP_KEPT kept; $((SECONDS - t0)) s"
