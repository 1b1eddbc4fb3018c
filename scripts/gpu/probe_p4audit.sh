#!/usr/bin/env bash
# Probe of branch p4audit (issue 28: the P4m scratch-resolution gate step audited for false
# refusals). Two exemptions added to count_resolution (scratch_resolution.h): a word is judged
# only where the coarse move (2^-10) carried it >= 512 FP32 steps (kMinCoarseSteps: below it an
# FP32 word is not expected to change under the fine move either: a saturated tanh/sigmoid), and
# a word that is a whole number within 256 in the base and coarse runs (a code, count, window
# index) is not judged. PREDICTIONS (host emulation, scripts/host_emu/p4audit_honest_scratch.cpp
# and p4fix_scratch_resolution.cpp, 2 seeds each):
#   redteam33_float_packed_scratch      precision_mismatch, ~91% of the judged words ("~14.5 bits"),
#                                       none of its words left out (host: 0 of 22,528)
#   redteam34_subnormal_packed_scratch  precision_mismatch, ~91% (host: 20,515-20,544 of 22,528)
#   controls (14, 16, 17 fused, 7 threadfence): kept, as their expect says
#   redteam17_block_fixed_scratch       precision_mismatch as before (the static scan)
#   pools softmax, decoder_block, conv2d, matmul_tri, attention: every row passes; each judged
#     detail reads "scratch resolution: N of M judged words unresolved at 2^-18 (...), left out:
#     S moved by fewer than 512 steps at 2^-10 (...), D whole numbers within 256 (...)", N/M <
#     2% (host decoder_block at 64 tokens: P 1.7%, q/k/v 0.7-0.9%, the rest < 1%; softmax seed
#     0.3-0.4%), D = 0 on these pools (no whole-number scratch).
# Usage: probe_p4audit.sh [SECONDS]  (default 480; writes $OUT/probe_p4audit/)
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_p4audit "${1:-480}" \
  redteam33_float_packed_scratch redteam34_subnormal_packed_scratch \
  control_redteam14_fused_stage control_redteam16_lop3_abs_fused \
  control_redteam17_fused_levels control_redteam7_cuda_samples_threadfence \
  redteam17_block_fixed_scratch || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
for name in $CP_DIRS; do
  cheat_probe_round "$name" 110 44 check || continue
  say "  scratch: $(grep -o 'scratch[^;"]\{0,260\}' "$O/$name/ledger.jsonl" 2>/dev/null | sort -u | head -3 | tr '\n' '|')"
  say "  phase: $(grep -o '"scratch resolution":[0-9.e+-]*' "$O/$name/ledger.jsonl" 2>/dev/null | head -2 | tr '\n' ' ')"
done
export SOLVER_KERNELS_DIR=$PWD/kernels
for p in softmax decoder_block conv2d matmul_tri attention; do
  l=$(left)
  ((l < 30)) && { say "POOL $p not checked ($l s left)"; continue; }
  timeout "$((l < 120 ? l : 120))" "$B/bin/solver" --data-dir "$B/share/solver" problems check "$p" \
    --problems-dir "$PWD/problems" --jobs 0 --json >"$O/check_$p.json" 2>"$O/check_$p.err"
  rc=$?
  python3 - "$O/check_$p.json" "$p" "$rc" <<'PY' | tee -a "$O/results.txt"
import json, re, sys
path, p, rc = sys.argv[1:]
try:
    rows = json.load(open(path))["rows"]
except Exception as e:
    print(f"POOL {p} exit {rc}: no JSON ({e})")
    sys.exit()
bad = [r for r in rows if r.get("failed")]
notes = [m.group(0) for r in rows for m in [re.search(r"scratch resolution[^;]*", r.get("detail") or "")] if m]
print(f"POOL {p} exit {rc}: {len(rows) - len(bad)} of {len(rows)} rows passed; "
      f"{len(notes)} with a scratch-resolution note, e.g. {notes[:2]}")
for r in bad[:8]:
    print(f"  FAIL {r.get('variant')} {r.get('gate')} {(r.get('detail') or '')[:200]}")
PY
done
say "probe_p4audit: $CP_OK of $CP_N cheat folders as their expect says (PREDICTED $CP_N of $CP_N); $((SECONDS - t0)) s"
