#!/usr/bin/env bash
# Helper h28v's probe (issue 28, "0 honest refused": a tolerance per output buffer). Live on
# H100 (docs/results/h100-2026-12-05c/README.md, call3) the honest control
# tests/cheats/control_hon19_int8_dyn_quant (vLLM's per-token int8 quantisation: q, i32 codes,
# and scale, f32 ~0.035 a row) was refused invalid_spec by the tolerance lint: "tolerance admits
# a 1-in-2 sample for scale on every set the gate verifies on (scale's largest share 0.019 of the
# tolerance ...)": its one tolerance (rtol 1e-6, atol 1, for q's rounding ties) admitted anything
# for scale. On branch h28v scale has its own tolerance (`tolerance: {fp32: {rtol: 1.0e-6,
# atol: 0}}` on the buffer), which every comparison and the lint read for it. Predicted (no GPU
# in that session):
#   the seed's gate passed, its detail "1-in-2 echo told apart for every output it moves: q by
#     set 0 (at ...), scale by set 0 (at ~5e5)": live, scale's largest share under the shared
#     atol 1 was 0.019, a scale moved by ~0.019 against ~0.035 x rtol 1e-6 = 3.5e-8 now (the
#     host test's 64 x 256 rows: below 0.05 shared, above 1000 own);
#   the round: control_hon19_int8_dyn_quant KEPT ~5-20x (hon19's prediction, unchanged: the
#     child's scale is one FP32 division of an exact absmax, within 2^-24 of the reference).
# A wrong_result on scale would mean the child's scale is not the FP32 division of the exact
# absmax (then its detail names scale and "tolerance rtol 1e-06 ... atol 0": this tolerance).
# Usage: probe_h28v.sh [SECONDS]   (default 150; writes $OUT/probe_h28v/). The live seed gate
# (`problems check --seed-only`, the lint's words) is capped at 60 s, the round at 80 s.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
name=control_hon19_int8_dyn_quant
cheat_probe_init probe_h28v "${1:-150}" "$name" || exit 1
pc=$(mktemp -d)
ln -s "$PWD/tests/cheats/$name" "$pc/$name"
l=$(left)
timeout $((l < 60 ? l : 60)) "$B/bin/solver" --data-dir "$B/share/solver" problems check \
  --problems-dir "$pc" --seed-only \
  >"$O/problems_check_seed.log" 2>&1
say "seed gate (problems check --seed-only, rc $?):"
say "$(grep -E "^ *$name|1-in-2|tolerance admits|gate" "$O/problems_check_seed.log" | head -8)"
rm -rf "$pc"
cheat_probe_round "$name" 80 38 check || exit 0
say "  gate: $(grep -o '1-in-2 echo[^;"]\{0,200\}' <<<"$CR_REC" | head -1)"
say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
  "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
say "  verdict: $(grep -o '"reason":"[^"]\{0,300\}' <<<"$CR_REC" | head -1)"
say "probe_h28v: $CP_KEPT of $CP_N kept (must be 1), $CP_OK of $CP_N as the expect says;" \
  "$((SECONDS - t0)) s"
