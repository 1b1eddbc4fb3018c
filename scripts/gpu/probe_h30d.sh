#!/usr/bin/env bash
# shellcheck disable=SC2086,SC2154  # $S is words; t0 comes from cheat_probe_init
# Helper h30d's live check (issue 28; docs/reliability.md "The diluted tail: tails by kind"), on
# an H100 or H200 with a bundle built from branch h30d. Nothing here has run on a GPU yet: every
# outcome below is PREDICTED from host emulations of the worker's own functions.
#  self-check: the worker's device self-check (device_shares.cpp, the judged probe: one element in
#  three atol-held) must pass: solver_judged256 now splits its weak counts and least shares by
#  kind (told_* atol-held, untold_* weak at atol 0), held to host_judged_sums bit for bit
#  (gpu_shares_emulation_test, host). A "judged ... summaries' bits" self-check failure is this
#  change's, not the GPU's.
#  cheats (tests/cheats, cheat_round; each capped at 40 s):
#   redteam30_diluted_tail_lbeta      invalid_spec (on main 107c6c87 predicted KEPT ~1.3x): y[0]'s
#                                     strided light share ~0.09 (h30d_diluted_sim 24 1/2/3 on std
#                                     draws: 0.094, 0.091, 0.085), weak at atol 0 and alone of its
#                                     kind; the 64 atol-held companions' tail excuses only its own
#                                     kind. Detail names "rtol <= ~1.4e-06, atol <= ~0.045" for y (light share
#                                     x the declared / 2). Lint ~1-2 s (as red team 28's).
#   redteam29_atol_tiny_rtol_heavy    invalid_spec, unchanged (2 elements: y[0] atol-held alone).
#   redteam28_atol_excused_heavy      invalid_spec, unchanged (rtol 0: every element kind 0).
#   control_hon22_softmax_argmax      kept: its weak probabilities are all atol-held (host, 1024
#                                     rows: weak at atol 0 0, atol-held 18083, near 1102648).
#   control_hon21_causal_log_softmax  kept (no element judged weak on the host sim); may be CUT at
#                                     40 s as under h30t.
#  seeds: attention_bf16 kept (host 8 x 16 rows: 42 weak at atol 0 and 31 atol-held, each a tail
#  of 6779 near), softmax kept (512 rows: 0 and 1335 of 72678), matmul_tri kept (no weak element);
#  every other built-in "gate passed" as in h100-2026-12-06e call 1. Lint time unchanged (no echo
#  more; one atol part an element in the judged kernel).
# Usage: scripts/gpu/probe_h30d.sh [SECONDS, default 570] (cheats), then
#        ORDER=seeds scripts/gpu/probe_h30d.sh 570 (attention_bf16's lint alone ~205 s);
#        everything under $OUT/probe_h30d/.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
T=${1:-570}
cheat_probe_init probe_h30d "$T" redteam30_diluted_tail_lbeta redteam29_atol_tiny_rtol_heavy \
  redteam28_atol_excused_heavy control_hon22_softmax_argmax control_hon21_causal_log_softmax ||
  exit 1
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S="$B/bin/solver --data-dir $B/share/solver"

step_cheats() {
  say "== cheats ($((SECONDS - t0)) s)"
  for name in $CP_DIRS; do
    cheat_probe_round "$name" 40 40 check || continue
  done
  say "cheats: $CP_OK of $CP_N as their expect says (all predicted as expected)"
}

step_seeds() {
  say "== built-in seeds ($((SECONDS - t0)) s)"
  local l
  l=$(left)
  SEEDS=${SEEDS:-matmul_tri softmax reduce layernorm matmul sigmoid attention attention_bf16}
  # shellcheck disable=SC2086
  timeout $((l > 20 ? l - 10 : 10)) $S problems check --seed-only --json $SEEDS \
    >"$O/seeds.json" 2>"$O/seeds.log"
  say "seeds: exit $? in $((SECONDS - t0)) s"
  python3 - "$O/seeds.json" <<'PY' 2>/dev/null | tee -a "$O/results.txt" || true
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    if r.get("variant") == "(reference)":
        continue
    ph = r.get("gate_phases_ms", {})
    print("seed:", r.get("problem"), r.get("gate"),
          "lint %.1f s" % (ph.get("tolerance lint", 0) / 1e3), str(r.get("detail", ""))[:200])
PY
}

for step in ${ORDER:-cheats}; do "step_$step"; done
say "probe_h30d: done in $((SECONDS - t0)) s"
