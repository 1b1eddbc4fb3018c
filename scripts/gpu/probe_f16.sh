#!/usr/bin/env bash
# Red team 11's residual, live (issue 28): FP16 inputs now get exponent-range sets within FP16's
# range (engine/backend/gpu/input_sets.h kHalfReach), so every honest FP16 kernel we hold meets
# adversarial sets it never met before. This gates them all on the H200 and says, per kernel,
# whether it passed and which adversarial sets ran (a refusal here is a false refusal to fix):
#  1. `solver problems check` of the real FP16 kernels of the corpus batches (one process), via a
#     folder of links: blog_wmma_gemm, cs_wmma_gemm_staged, vllm_reshape_and_cache,
#     vllm_rms_norm, vllm_silu_and_mul, ggml_dequant_q4_0, vllm_rotary_neox;
#  2. one live round each of redteam11_f16x2_red_scatter (must be precision_mismatch) and
#     control_redteam11_f16x2_red_declared (must be kept; its sets now run), and of
#     control_f16_positive_gemm (must be kept: its exponent set's reference leaves FP16's
#     range, so the set is skipped and said, engine/backend/gpu/input_sets.h output_range_limit).
# Usage: probe_f16.sh [SECONDS]   (default 150; writes $OUT/probe_f16/)
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_f16 "${1:-150}" redteam11_f16x2_red_scatter \
  control_redteam11_f16x2_red_declared control_f16_positive_gemm || exit 1
links=$(mktemp -d)
for f in corpus_fresh2/blog_wmma_gemm corpus_fresh3/cs_wmma_gemm_staged \
  corpus_fresh4/vllm_reshape_and_cache corpus_fresh4/vllm_rms_norm corpus_fresh4/vllm_silu_and_mul \
  corpus_fresh5/ggml_dequant_q4_0 corpus_fresh5/vllm_rotary_neox; do
  ln -s "$PWD/tests/$f" "$links/$(basename "$f")"
done
timeout 90 "$B/bin/solver" --data-dir "$B/share/solver" problems check --problems-dir "$links" \
  --chip h200 --json >"$O/f16_check.json" 2>"$O/f16_check.log"
say "FP16 corpus kernels, problems check: exit $?"
python3 - "$O/f16_check.json" <<'PY' | tee -a "$O/results.txt"
import json, re, sys
j = json.load(open(sys.argv[1]))
for r in j["rows"]:
    d = str(r.get("detail", ""))
    adv = re.search(r"adversarial sets: [^;]*", d)
    print(f'{r["problem"]:24s} {r["variant"]:10s} gate={r["gate"]!s:10s} {adv.group(0)[:150] if adv else d[:150]}')
print("failures:", j.get("failures"))
PY
for name in $CP_DIRS; do
  cheat_probe_round "$name" 25 38 check || continue
  say "  gate: $(grep -o 'adversarial sets: [^;"]\{0,120\}' <<<"$CR_REC" | head -1)"
done
say "probe_f16: $CP_OK of $CP_N cheat folders as their expect says; $((SECONDS - t0)) s"
