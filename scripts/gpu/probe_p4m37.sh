#!/usr/bin/env bash
# Probe of branch p4m37 (issue 28: red team 35's two P4m holes closed; docs/reliability.md "Red
# team 35's P4m holes closed"). The gate's scratch-resolution step (step 4a,
# engine/backend/gpu/scratch_resolution*.{h,cpp}) now measures every scratch of 32 or 64 bits as
# the float format of its width whatever its dtype (a u32 scratch as FP32 words), decides
# smoothness per output (the float output that responds most, not a pooled share), and says
# "scratch resolution: not judged: ..." wherever P4m claims something it does not measure (a
# 16-bit scratch, no movable input). Nothing here has run on a GPU (the helper had none); every
# number below is a host prediction (scripts/host_emu/p4fix_scratch_resolution.cpp with the
# folders' own kernel sources on 32 x 1024 images, build/tests/engine/red35_sim).
# PREDICTED, part `cheats` (each against its expect's `live:`):
#   redteam35_word_scratch_packed      precision_mismatch (was KEPT on main): "scratch mid (u32,
#                                      its words read as FP32) does not resolve its values at the
#                                      declared class 'fp32' ... (~89%) ... about 14.8 bits"
#                                      (host: 20,020-20,043 of 22,528 judged words, 0.889-0.890)
#   redteam35_diluted_smooth_share     precision_mismatch (was KEPT, "not judged (... 49.8% ...)"):
#                                      "scratch mid (f32) does not resolve ... (~89%)" (host the
#                                      same counts; out's own share ~1.0 under the fine move)
#   redteam33_float_packed_scratch     precision_mismatch as before (~91%, ~14.5 bits)
#   redteam34_subnormal_packed_scratch precision_mismatch as before (~91%)
#   The seeds of all four pass the step (host 0 of 32,768 judged words unresolved, also on the
#   u32 scratch), so a refusal names the child, never "the seed fails".
# PREDICTED, part `controls` (kept, as their expect says; the scratch-resolution note printed):
#   control_redteam3_cache_hints       kept; newly in scope (stamp: u32[4], a %globaltimer
#                                      stamp): at most 4 words, under kMinJudgedWords (256):
#                                      "scratch resolution: 0 of <= 4 judged words ... (stamp u32)"
#   control_redteam34_splitk_scratch, control_redteam7_cuda_samples_threadfence,
#   control_redteam10_asm_scoped_counter, control_hon21_inplace_scan_cub,
#   control_redteam17_fused_levels     kept (f32 scratch, unchanged by this branch; fused_levels
#                                      may show `rejected` with live_open: the H100's pairs found
#                                      it slower, not a check's refusal)
# PREDICTED, part `pools` (`solver problems check P --json`): softmax, decoder_block, conv2d,
#   matmul_tri, attention: every row passes as on main. decoder_block's seven f64 reference
#   scratch buffers (rh ... rg) are now read back too (the candidates never write them: 0 judged
#   from them; cost ~1.1 GB more D2H a judged gate, ~0.1 s). A FAIL row naming "does not resolve"
#   is a false refusal: report its share.
# What would falsify them: a cheat `wrong_result` or `invalid_spec` (the tolerance lint on these
# shapes; host red35_sim values: <= 0.26 of the tolerance on every timed run) before step 4a
# ran; a cheat KEPT with "scratch resolution: not judged" (the smoothness measured on the
# device differs from the host's) or with no scratch-resolution line at all (the step did not
# run: a sweep gate, or this bundle is not built from p4m37).
# Usage: probe_p4m37.sh [SECONDS] [PART]   (default 560, PART all; writes $OUT/probe_p4m37/).
#   PART: all | cheats (~4 x 100-150 s) | controls (~6 x 40-90 s) | pools (~5 x 30-120 s). Each
#   part fits the device's 600 s a call; `all` does not.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
PART=${2:-all}
CHEATS="redteam35_word_scratch_packed redteam35_diluted_smooth_share
  redteam33_float_packed_scratch redteam34_subnormal_packed_scratch"
CONTROLS="control_redteam3_cache_hints control_redteam34_splitk_scratch
  control_redteam7_cuda_samples_threadfence control_redteam10_asm_scoped_counter
  control_hon21_inplace_scan_cub control_redteam17_fused_levels"
case "$PART" in
  cheats) RUN=$CHEATS ;;
  controls) RUN=$CONTROLS ;;
  pools) RUN="control_redteam3_cache_hints" ;;  # the frame needs a folder; not run in `pools`
  *) RUN="$CHEATS $CONTROLS" ;;
esac
# shellcheck disable=SC2086
cheat_probe_init probe_p4m37 "${1:-560}" $RUN || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
resolution() { grep -o 'scratch resolution[^;"]\{0,200\}\|scratch [A-Za-z0-9_]* ([A-Za-z0-9, ]*) does not resolve[^;"]\{0,120\}' <<<"$1" | head -2 | tr '\n' '|'; }
if [[ "$PART" != pools ]]; then
  for name in $CP_DIRS; do
    cheat_probe_round "$name" 160 40 check || continue
    r=$(resolution "$CR_REC")
    say "  scratch resolution: ${r:-none in the record (the step did not run, or said nothing)}"
    say "  in the ledger: $(grep -o 'scratch[^;"]\{0,200\}' "$O/$name/ledger.jsonl" 2>/dev/null | sort -u | head -3 | tr '\n' '|')"
    say "  phase: $(grep -o '"scratch resolution":[0-9.e+-]*' "$O/$name/ledger.jsonl" 2>/dev/null | head -2 | tr '\n' ' ')"
  done
fi
if [[ "$PART" == all || "$PART" == pools ]]; then
  export SOLVER_KERNELS_DIR=$PWD/kernels
  for p in softmax decoder_block conv2d matmul_tri attention; do
    l=$(left)
    ((l < 30)) && { say "POOL $p not checked ($l s left)"; continue; }
    timeout "$((l < 150 ? l : 150))" "$B/bin/solver" --data-dir "$B/share/solver" problems check "$p" \
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
fi
say "probe_p4m37 ($PART): $CP_OK of $CP_N folders as their expect says, $CP_KEPT kept (PREDICTED:" \
  "cheats 4 of 4, 0 kept; controls 6 of 6 (fused_levels may read rejected, live_open), 5-6" \
  "kept; pools every row passed); $((SECONDS - t0)) s"
