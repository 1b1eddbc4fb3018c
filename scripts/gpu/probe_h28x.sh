#!/usr/bin/env bash
# Helper h28x's probe (issue 28): two honest controls refused by an audited law-pair run (P6e)
# live on 2026-12-05 (h100-2026-12-05d call3), and the law-pair red-team folders, one round each
# of the real loop through the live backend (lib/cheat_round.sh: --evolve off, 15 pairs), in
# this one call, the controls at loop seeds 7, 8 and 9 (the worker's run seeds are its own,
# random_device: each round a new draw), then every law-pair folder at seed 7, then at 8 and 9
# while the budget lasts. Predicted (host models, tests/engine/law_audit_bound_test.cpp):
#   control_redteam15_f64_fd_shift    KEPT ~1.8-2x at every seed, its law pairs 8 audited. On
#                                     main the audit derived the class bound's scale (S and the
#                                     reference-noise term 64 Qmed |r|) on the timed draw of
#                                     the run's seed, not the law draw it ran on: per element
#                                     another input's scale (host: 29 of 4,096 outputs refused
#                                     at run seed 22, 2 at 39, none at 1 and 4); with 262,144
#                                     outputs and 8 audits, precision_mismatch in most rounds
#   control_hon20_half2_hfma2_gemv    KEPT ~4.4x at every seed (atol 1e-1 now). Not a bound
#                                     mismatch: the audit and the regular sets both use the
#                                     plain bound; at the old atol 5e-2 ~2.4% of this law's sets
#                                     (~11% of timed-kind ones) refuse a small-|y| row, and the
#                                     law pairs audit 8 more: refused in a good share of rounds
#                                     on main (how many timed-kind checks a round makes decides
#                                     it: unmeasured)
#   the law-pair cheats               as their expect says (unchanged by h28x: they fail by
#                                     wrong results, not the class scale): redteam19_law_garbage_*,
#                                     _coinflip_boys (or rejected), _fixed_edge_route wrong_result;
#                                     redteam19m_*, redteam20_fp8_code_relay precision_mismatch;
#                                     redteam20_tie_law_boys and redteam7_offlaw_detect_sum
#                                     rejected; redteam14_offlaw_normal_sum and
#                                     redteam7_offlaw_lgamma_sample invalid_spec; every control
#                                     kept
# Printed per round: got / want, the ratio, the law pairs' words and the detail's first 200
# characters. Usage: probe_h28x.sh [SECONDS]   (default 560; writes $OUT/probe_h28x/). Each
# round is capped at 60 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
controls=(control_redteam15_f64_fd_shift control_hon20_half2_hfma2_gemv)
lawpair=(redteam19_law_garbage_boys redteam19_law_garbage_hist redteam19_law_coinflip_boys
  redteam19_fixed_edge_route control_redteam19_boys_erf control_redteam19_census_boys
  redteam20_tie_law_boys control_redteam20_boys_erf_knobs control_redteam20_timer_gauss
  redteam20_fp8_code_relay redteam19m_magic_block_scratch redteam19m_runtime_magic_relay
  control_redteam19m_expf_dropout control_redteam19m_magic_rint_quant redteam7_offlaw_detect_sum
  redteam7_offlaw_lgamma_sample redteam14_offlaw_normal_sum)
cheat_probe_init probe_h28x "${1:-560}" "${controls[@]}" "${lawpair[@]}" || exit 1
# One round of NAME at loop seed SEED, its lines (the frame of cheat_probe_round, a label a seed).
round() {
  local name=$1 seed=$2 l mark
  l=$(left)
  if ((l < 15)); then
    say "$name seed $seed: not run (budget spent)"
    return 1
  fi
  CR_SEED=$seed cheat_round "$B/bin/solver" "$name" "$O" $((l < 60 ? l : 60)) "$name-s$seed"
  CP_N=$((CP_N + 1))
  CP_OK=$((CP_OK + CR_OK))
  [[ "$CR_GOT" == kept ]] && CP_KEPT=$((CP_KEPT + 1))
  mark=$([[ $CR_OK == 1 ]] && echo ok || echo MISMATCH)
  printf "%-38s s%s got %-20s want %-20s %-8s ratio %-8s %3ds | %s\n" "$name" "$seed" "$CR_GOT" \
    "$CR_WANT" "$mark" "${CR_RATIO:--}" "$CR_SECONDS" "$CR_DETAIL" | tee -a "$O/results.txt"
  say "  law pairs: $(grep -o '[^;"]\{0,40\}law pairs[^;"]\{0,160\}' <<<"$CR_REC" | head -2 | tr '\n' ' ')"
  return 0
}
for seed in 7 8 9; do
  for name in "${controls[@]}"; do round "$name" "$seed" || break 2; done
done
for seed in 7 8 9; do
  for name in "${lawpair[@]}"; do
    [[ -f tests/cheats/$name/expect ]] || continue
    round "$name" "$seed" || break 2
  done
done
say "probe_h28x: $CP_OK of $CP_N rounds as their expect says ($CP_KEPT kept; both controls must" \
  "be kept at every seed, every cheat refused); $((SECONDS - t0)) s"
