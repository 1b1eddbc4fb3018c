#!/usr/bin/env bash
# Issue 19 on the H200, one device call from the repo root (under 5 minutes): the correctness
# gate of every matmul knob point (the wgmma variants compile for sm_90a), two live 12-round
# ablations from the naive seed (`--precision any`: the TF32 walk WMMA -> wgmma -> pipelined
# wgmma; `--precision same`: the FP32 CUDA-core walk), each track's best against cuBLAS measured
# in the same run, and a recording of the matmul pool to merge into the bundled one: copy
# $OUT/h200.json to tests/data/recordings/h200.json (tests/engine/h200_recording_test.cpp needs
# every new knob point recorded, and the offline ablation then shows the walk).
# Bundle: $SOLVER_BUNDLE (default .carry/dyn). Logs and results under $OUT.
#
# Judge it by matmul_h19.log:
#  - "problems check": 0 failures; wgmma_tf32 and every wgmma_tf32_ws point gate "passed";
#  - "best per class": in the `any` run a tf32 kernel (wgmma_tf32_ws[...]) with x cuBLAS TF32 >= 0.7
#    is the issue's bar (bench/gemm measured 0.63 for the default point: expect it short of it),
#    and in the `same` run regtile_db[...] with x cuBLAS SGEMM >= 0.9 (bench/gemm: 0.91);
#  - "walk": the kept steps, naive -> ... -> wgmma_tf32 -> wgmma_tf32_ws in the `any` run.
set -u
OUT=${OUT:-/tmp/solver-matmul-h19}; mkdir -p "$OUT"
B=${SOLVER_BUNDLE:-.carry/dyn}; D=$B/share/solver
export SOLVER_CACHE_DIR=/tmp/solver-cache LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
S="$B/bin/solver --data-dir $D"
t0=$(date +%s)
# Seconds for the next step: its own limit, or what is left of the whole budget (at least 1:
# `timeout 0` would mean no limit at all).
left() { local l=$(( ${BUDGET_S:-295} - ($(date +%s) - t0) )); [ "$l" -lt 1 ] && l=1; [ "$l" -lt "$1" ] && echo "$l" || echo "$1"; }
{
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader)"
$B/bin/solver --version
echo "== problems check matmul (gate of every knob point)"
timeout "$(left 90)" $S problems check matmul --json > "$OUT/problems_check.json"
echo "(problems check exit $?)"
python3 - "$OUT/problems_check.json" <<'PY' || true
import json, sys
j = json.load(open(sys.argv[1]))
print(f"chip {j['chip']} ({j['arch']}), {j['points']} rows, {j['failures']} failures")
for r in j["rows"]:
    print(f"  {r['variant']:<38} {r['static']:<12} {r['compile']:<8} regs {r['registers']:<5} spill {r['spill_bytes']:<4} gate {r['gate']:<8} {r['detail'][:90]}")
PY
ablate() {
  echo "== ablate --precision $1 (live, 12 rounds, matmul)"
  timeout "$(left $2)" $S ablate --backend live --problems matmul --rounds 12 --precision $1 \
    --out "$OUT/ablate-$1" --quiet
  echo "(ablate $1 exit $?)"
}
ablate any 80
echo "== record matmul (merge into a copy of the bundled recording)"
cp "$D/recordings/h200.json" "$OUT/h200.json" 2>/dev/null || cp tests/data/recordings/h200.json "$OUT/h200.json"
timeout "$(left 100)" $S record --problems matmul --samples 20 --out "$OUT/h200.json" --merge
echo "(record exit $?)"
ablate same 80
python3 - "$OUT" <<'PY' || true
import json, os, sys
out = sys.argv[1]
for p in ("any", "same"):
    d = os.path.join(out, "ablate-" + p)
    try:
        s = json.load(open(os.path.join(d, "summary.json")))
    except Exception as e:
        print(f"[{p}] no summary.json ({e})"); continue
    m = [x for x in s["problems"] if x["problem"] == "matmul"][0]
    floors = m["floors_us"]  # per class: the problem's FLOPs at the cuBLAS rate measured this run
    print(f"[{p}] cuBLAS this run: " + ", ".join(f"{c} {us:.1f} us" for c, us in floors.items()))
    for track in ("off", "on"):
        t = m[track]
        print(f"[{p}] {track}: best {t['best_variant']} ({t['best_precision']}) {t['best_us']:.1f} us, "
              f"x cuBLAS {t['best_precision']} = {floors.get(t['best_precision'], float('nan')) / t['best_us']:.3f}, "
              f"rounds to best {t['rounds_to_best']}, ended {t['ended']}")
    best = {}
    print(f"[{p}] walk (track off):")
    for line in open(os.path.join(d, "ledger.jsonl")):
        e = json.loads(line)
        if e.get("problem") != "matmul": continue
        c = e.get("candidate") or {}
        if e.get("track") == "off":
            print(f"   r{e['round']:<2} {e['incumbent']['key']:<36} -> {c.get('key', '-'):<38} {e['outcome']:<10} {e.get('hypothesis', '')}")
        if c.get("time_us") and e["outcome"] in ("kept", "rejected"):
            k = c["precision"]
            if k not in best or c["time_us"] < best[k][1]: best[k] = (c["key"], c["time_us"])
    print(f"[{p}] best per class measured in this run:")
    for k, (key, us) in best.items():
        print(f"   {k}: {key} {us:.1f} us = {137438953472 / us * 1e-6:.1f} TFLOP/s, x cuBLAS {k} {floors.get(k, float('nan')) / us:.3f}")
PY
echo "== total $(( $(date +%s) - t0 )) s"
} 2>&1 | tee "$OUT/matmul_h19.log"
cd "$OUT" && for p in any same; do [ -d ablate-$p ] && tar czf ablate-$p.tgz ablate-$p && rm -rf ablate-$p; done; true
