#!/usr/bin/env bash
# Issue 28, helper h28y (second task; scripts/gpu/probe_h28y.sh is the first task's four controls):
# the tolerance lint judges each (input, output) pair (engine/backend/gpu/input_lint.h), and an
# output may declare an input its tolerance cannot see (`blind_to: [input]` in problem.yaml).
# h28z excused an input blind in one output when it told another output apart; red team 25's
# tests/cheats/redteam25_twin_loud_input reads all of x for chunk_mean (x alone 65.8) and samples
# the log-Beta work of out (x alone 0.152; z's echo tells out apart), predicted kept ~2-3x.
# Three parts, in this one script:
#  1. `problems check --seed-only` (the seed's gate and its lint) on the cheat and the honest
#     folders the per-pair rule bears on most (two or more outputs, an input moving one of them
#     barely): the AdamW shapes and two multi-output folders;
#  2. a copy of llmc_adamw_small_tensors with a false declaration added (params blind_to [m]: m
#     alone moves params by ~114 tolerances on set 0) and one with its declaration removed;
#  3. one round of the real loop on the cheat (lib/cheat_probe.sh), its outcome against its
#     expect's live: (invalid_spec).
# Predicted (host: input_lint_pairs_test, h28z_input_lint_sim adamw, red25_twin_loud_sim 26 0;
# the same on an H100 and an H200):
#   redteam25_twin_loud_input             gate invalid_spec: "x's echo alone moves out by 0.15 of
#                                         its tolerance at most on set 0 ... (x alone tells
#                                         chunk_mean apart ...) ... `blind_to: [x]` on out"
#                                         (before: kept ~2-3x, unmeasured); round: invalid_spec, ok
#   llmc_adamw_small_tensors              gate passed (grads alone in v 0.14: declared)
#   llmc_adamw, control_redteam5_llmc_adamw gate passed (grads alone in v ~2-3 on set 0: told)
#   control_hon19_adamw_stochastic_bf16   gate passed (grad alone in v_out ~11)
#   llmc_layernorm_fwd1, llmc_attention_fwd2_flash  gate passed (weight/bias, V move one output)
#   small_tensors, params blind_to [m]    gate invalid_spec: "<...>/problem.yaml:L:C: params
#                                         declares blind_to m, but m's echo alone tells params
#                                         apart ... remove m from params's blind_to"
#   small_tensors, no declaration         gate invalid_spec naming grads and v (0.14), the
#                                         remedies `blind_to: [grads]` on v and rtol/atol for v
# A refused honest folder is the finding to read first (a false refusal of the per-pair rule).
# Usage: probe_h28y_pairs.sh [SECONDS]   (default 400; writes $OUT/probe_h28y_pairs/). The seed
# checks are capped at 240 s, the copies at 60 s each, the round at 90 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28y_pairs "${1:-400}" redteam25_twin_loud_input || exit 1
pc=$(mktemp -d)
ln -s "$PWD/tests/cheats/redteam25_twin_loud_input" "$pc/redteam25_twin_loud_input"
for f in tests/corpus/llmc_adamw_small_tensors tests/corpus/llmc_adamw \
  tests/cheats/control_redteam5_llmc_adamw tests/cheats/control_hon19_adamw_stochastic_bf16 \
  tests/corpus/llmc_layernorm_fwd1 tests/corpus_fresh9/llmc_attention_fwd2_flash; do
  ln -s "$PWD/$f" "$pc/$(basename "$f")"
done
seed_check() {  # DIR CAP LOG: the seeds' gates of DIR's folders
  local l
  l=$(left)
  ((l < 10)) && return 1
  timeout $((l < $2 ? l : $2)) "$B/bin/solver" --data-dir "$B/share/solver" problems check \
    --problems-dir "$1" --seed-only >"$O/$3" 2>&1
  say "seed gates ($3, rc $?):"
  say "$(grep -E "gate |1-in-2|tolerance admits|declares blind_to" "$O/$3" | cut -c1-900 | head -24)"
}
seed_check "$pc" 240 problems_check_seed.log
# The copies: a false declaration, and none.
for variant in false_declaration no_declaration; do
  d=$(mktemp -d)
  cp -r tests/corpus/llmc_adamw_small_tensors "$d/llmc_adamw_small_tensors"
  y=$d/llmc_adamw_small_tensors/problem.yaml
  if [[ $variant == false_declaration ]]; then
    sed -i 's/^  params: {dtype: f32, shape: \[n\], role: inout}/  params: {dtype: f32, shape: [n], role: inout, blind_to: [m]}/' "$y"
  else
    sed -i 's/, blind_to: \[grads\]//' "$y"
  fi
  say "copy $variant: $(grep -E '^  (params|v):' "$y" | tr -s ' ' | tr '\n' ' ')"
  seed_check "$d" 60 "problems_check_$variant.log"
  rm -rf "$d"
done
rm -rf "$pc"
cheat_probe_round redteam25_twin_loud_input 90 38 check || true
say "  lint: $(grep -o "echo alone moves out[^;\"]\{0,160\}" "$O/redteam25_twin_loud_input/ledger.jsonl" \
  "$O/redteam25_twin_loud_input.log" 2>/dev/null | head -1)"
say "probe_h28y_pairs: $CP_OK of $CP_N as their expect says (redteam25_twin_loud_input:" \
  "invalid_spec naming x and out); every honest seed gate must be passed; $((SECONDS - t0)) s"
