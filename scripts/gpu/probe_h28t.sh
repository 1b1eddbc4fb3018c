#!/usr/bin/env bash
# Helper h28t's live check (issue 28's "no false rejections"; docs/reliability.md "P6k's false
# refusals of two built-in seeds"), one call on an H100 or H200 with h28t's bundle:
#  1. the two built-in seeds P6k refused live in docs/results/h100-2026-12-06d call 2:
#     PREDICTED both "gate passed" (no invalid_spec): matmul_tri's weakest elements (sums of
#     ~258 terms, just over half of the strided classes) have a "light part" of 1 to 3 classes,
#     which judged_light_shares' (c) no longer judges; attention_bf16's (third rows and a few
#     later ones, light parts over 64+ classes) are the low tail of a continuum: hundreds judged
#     under 1 against millions under 16 (light_tail: fewer than a quarter). Lint time unchanged
#     within noise (attention_bf16 ~205 s of law_regions, matmul_tri ~9 s: the same echoes; the
#     device kernel counts four more numbers a block).
#  2. P6k's refusals and controls: redteam26_offlaw_heavy_lbeta still invalid_spec (one weak
#     element, 0.0046: light_tail needs 4); redteam28_atol_excused_heavy now invalid_spec
#     (hole 3 closed at rtol 0: atol_parts 0 there, (b) excuses nothing; judged 0.093, "atol <= 9.3e+02"; was kept
#     at 1.32x); control_hon22_softmax_argmax kept (its atol-held probabilities have atol parts
#     near 1: still excused; host hon22_softmax_offlaw_sim 1024 1 1e-4 8: rows judged 1.01-1.08);
#     control_hon21_causal_log_softmax kept (host h28t_false_refusal_sim causal_lsm: main's judged
#     0.0087 at row 257: main would refuse it; now its least judged share is above 1; its round
#     may be CUT at 90 s: 8M elements x 256 classes in blocks).
# Usage: probe_h28t.sh (writes $OUT/h28t/; about 450-560 s).
set -u
OUT=${OUT:-/tmp/probe-out}
D="$OUT/h28t"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S="$B/bin/solver --data-dir $B/share/solver"
t0=$SECONDS
echo "== 1. the two seeds"
timeout 330 $S problems check --seed-only --json matmul_tri attention_bf16 >"$D/seeds.json" \
  2>"$D/seeds.log"
echo "seeds: exit $? in $((SECONDS - t0)) s"
grep "\[" "$D/seeds.log" | grep -v "compile\b.*(reference)" | cut -c1-300
python3 - "$D/seeds.json" <<'PY' 2>/dev/null || true
import json, sys
for r in json.load(open(sys.argv[1]))["rows"]:
    ph = r.get("gate_phases_ms", {})
    if r["variant"] != "(reference)":
        print(r["problem"], r["gate"], "lint %.1f s, law_regions %.1f s" % (
            ph.get("tolerance lint", 0) / 1e3, ph.get("tolerance lint/law_regions", 0) / 1e3))
PY
echo "== 2. P6k's refusals and controls ($((SECONDS - t0)) s)"
NAMES="redteam28_atol_excused_heavy redteam26_offlaw_heavy_lbeta control_hon22_softmax_argmax control_hon21_causal_log_softmax" \
  CHEAT_FOLDER_S=90 BUDGET_S=$((575 - (SECONDS - t0))) OUT="$D" bash scripts/gpu/cheat_list.sh
echo "probe_h28t: done in $((SECONDS - t0)) s"
