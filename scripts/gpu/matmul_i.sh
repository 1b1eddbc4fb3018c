#!/usr/bin/env bash
# Issue 19, TMA stage, on the H200: two device calls from the repo root, each under 5 minutes.
# Call 1 (default, MODE=measure) runs steps 1-3, call 2 (MODE=record) step 4:
#  1. bench/gemm: the standalone harness for the TMA kernel's knob points and the cp.async
#     producer it replaces (nvcc + cuBLAS in one program, every element checked in float64);
#  2. `solver problems check matmul` live: every knob point compiled by NVRTC and gated, the
#     TMA points with the tensor maps the worker encodes per input set;
#  3. a 12-round live `solver ablate --problems matmul --precision any` from the naive seed,
#     each track's best against cuBLAS TF32 measured in the same run;
#  4. `solver record --problems matmul` (every knob point gated, profiled, timed) merged into
#     a copy of the bundled recording: $OUT/h200.json, to copy over
#     tests/data/recordings/h200.json (the five new wgmma_tf32_tma points and matmul's new
#     spec hash; h200_recording_test and ablation_baseline_test need them).
# Bundle: $SOLVER_BUNDLE (default .carry/dyn). Logs and results under $OUT.
#
# Judge it by matmul_i.log:
#  - bench: every "tma-*" line "bad 0"; its "x... tf32(" ratio is the kernel's standalone
#    figure against cuBLAS TF32 (the bar is 0.7; ws-BM256-S4-P72 gave 0.626 on 2026-12-01);
#  - "problems check": 0 failures, every wgmma_tf32_tma[...] row gate "passed" (a tensor-map
#    encode error would show as the row's detail);
#  - ablate: "best ... x cuBLAS tf32 >= 0.700" and the walk reaching wgmma_tf32_tma (rule
#    wgmma_thread_copies, hypothesis use_tma) within the 12 rounds;
#  - record (call 2): "(record exit 0)", a "wrote" line and "0 signal value(s) change"; then
#    copy $OUT/h200.json over tests/data/recordings/h200.json and run the suite.
set -u
OUT=${OUT:-/tmp/solver-matmul-i}; mkdir -p "$OUT"
B=${SOLVER_BUNDLE:-.carry/dyn}; D=$B/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export PATH=/usr/local/cuda/bin:$PATH
S="$B/bin/solver --data-dir $D"
t0=$(date +%s)
# Seconds for the next step: its own limit, or what is left of the whole budget (at least 1).
left() { local l=$(( ${BUDGET_S:-290} - ($(date +%s) - t0) )); [ "$l" -lt 1 ] && l=1; [ "$l" -lt "$1" ] && echo "$l" || echo "$1"; }
MODE=${MODE:-measure}
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader) mode $MODE"
$B/bin/solver --version
if [ "$MODE" = measure ]; then
echo "== bench/gemm (standalone, nvcc sm_90a, cuBLAS in the same program)"
mkdir -p /tmp/gemm-bin
ONLY='^(tma-|ws-BM256-S4-P72)' JOBS=8 timeout "$(left 60)" bench/gemm/run.sh /tmp/gemm-bin
echo "(bench exit $?)"
echo "== problems check matmul (live gate of every knob point)"
timeout "$(left 90)" $S problems check matmul --json > "$OUT/problems_check.json"
echo "(problems check exit $?)"
python3 - "$OUT/problems_check.json" <<'PY' || true
import json, sys
j = json.load(open(sys.argv[1]))
print(f"chip {j['chip']} ({j['arch']}), {j['points']} rows, {j['failures']} failures")
for r in j["rows"]:
    if "wgmma" in r["variant"]:
        print(f"  {r['variant']:<38} {r['static']:<12} {r['compile']:<8} regs {r['registers']:<5} spill {r['spill_bytes']:<4} gate {r['gate']:<8} {r['detail'][:90]}")
PY
echo "== ablate --precision any (live, 12 rounds, matmul)"
timeout "$(left 100)" $S ablate --backend live --problems matmul --rounds 12 --precision any \
  --out "$OUT/ablate-any" --quiet
echo "(ablate exit $?)"
python3 - "$OUT/ablate-any" <<'PY' || true
import json, os, sys
d = sys.argv[1]
s = json.load(open(os.path.join(d, "summary.json")))
m = [x for x in s["problems"] if x["problem"] == "matmul"][0]
floors = m["floors_us"]  # per class: the problem's FLOPs at the cuBLAS rate measured this run
print("cuBLAS this run: " + ", ".join(f"{c} {us:.1f} us" for c, us in floors.items()))
for track in ("off", "on"):
    t = m[track]
    print(f"{track}: best {t['best_variant']} ({t['best_precision']}) {t['best_us']:.1f} us, "
          f"x cuBLAS {t['best_precision']} = {floors.get(t['best_precision'], float('nan')) / t['best_us']:.3f}, "
          f"rounds to best {t['rounds_to_best']}, ended {t['ended']}")
print("walk (track off):")
for line in open(os.path.join(d, "ledger.jsonl")):
    e = json.loads(line)
    if e.get("problem") != "matmul" or e.get("track") != "off": continue
    c = e.get("candidate") or {}
    rule = e.get("credited_rule") or (e.get("match") or {}).get("fired") or ""
    print(f"   r{e['round']:<2} {e['incumbent']['key']:<36} -> {c.get('key', '-'):<38} {e['outcome']:<10} {e.get('hypothesis', '')} {rule}")
PY
fi
if [ "$MODE" = record ]; then
  echo "== record matmul (merged into a copy of the bundled recording)"
  cp "$D/recordings/h200.json" "$OUT/h200.json" 2>/dev/null || cp tests/data/recordings/h200.json "$OUT/h200.json"
  timeout "$(left 280)" $S record --problems matmul --samples 12 --out "$OUT/h200.json" --merge
  echo "(record exit $?)"
  timeout "$(left 60)" $S recording rederive "$OUT/h200.json" --check | head -5
fi
echo "== total $(( $(date +%s) - t0 )) s"
} 2>&1 | tee "$OUT/matmul_i.log"
cd "$OUT" && [ -d ablate-any ] && tar czf ablate-any.tgz ablate-any && rm -rf ablate-any; true
