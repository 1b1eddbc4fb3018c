#!/usr/bin/env bash
# Issue 28's cost bar (the defences' cost <= 25% of a round), helper gcost: where the gate's time
# goes, cold and warm, after (1) the PTX scans' facts kept on disk (generators/ptx_facts_store.h:
# <key>.facts.json beside the NVRTC cache; a new worker reads a large module's scans instead of
# paying them again) and (2) the model echoes' class refills without the per-refill content hash
# (model_echo.cpp class_base: the refill's base read once per input object, not hashed again for
# each of up to 288 class refills).
# Three seeds' gates by `solver problems check --seed-only --json` (gate_phases_ms), three passes
# each, each pass a new process:
#   cold:       a fresh SOLVER_CACHE_DIR (NVRTC compiles, PTX scans, the tolerance lint all paid);
#   warm:       the same folder (compiles, PTX facts and the lint's verdict served from disk);
#   warm_lint:  the same folder with SOLVER_LINT_CACHE=0 (the lint paid again, the compiles and
#               PTX facts served): what a new problem's lint costs once its compiles are warm.
# Seeds (SEEDS to change): softmax (2^26 outputs: the large-output one), neighbor_aggregation
# (its seed gate was 211.7 s live, h32fast since), reduce (a small one). Then the erfcx pair
# (tests/corpus_fresh20: the 1 MB PTX module) cold and warm through `problems check
# --compile-only`, the scans' own host cost with and without the facts (FACTS=0 skips it).
# Usage: scripts/gpu/probe_gcost.sh [SECONDS, default 560]; results under $OUT/gcost/
# (results.txt, seeds_<seed>_<pass>.json/.log), a verdict line last. CAP: a gate's cap (200 s).
# PREDICTIONS (unrun; host numbers from the 2-core build host under load, ptx_scan_bench):
#  - erfcx (pt_erfcx_randn, 1 MB PTX): compile-only cold ~20-25 s (NVRTC ~5 s + scans ~16 s on a
#    device host's core); warm (new process, NVRTC cached + facts) <= 2 s (was ~17-19 s warm:
#    c31's warm gate "compile 16458-17434 ms"); facts files in the cache: 3 (.facts.json) for it.
#  - the seeds' PTX is small (< 64 KiB: not kept; their scans take milliseconds), so compile
#    phases are unchanged by (1): cold compile = NVRTC (~0.2-2 s a seed), warm ~0.05 s (cache).
#  - warm (lint verdict cached): gate = inputs + reference + checks + timing, no "tolerance lint"
#    beyond its lint_cache read (< 50 ms): softmax ~3-6 s, neighbor_aggregation ~2-5 s, reduce
#    ~1-3 s.
#  - warm_lint, neighbor_aggregation: second_look <= ~5 s (h32fast's device echoes, first live
#    numbers), model_lint/model_light echo_make lower than main by the content hash (~25 ms a
#    refill of a 2^24 input, x up to 288 refills: up to ~7 s) where the problem has a
#    permutation/cycle input; softmax and reduce: no model echo (no structured input), lint
#    phases as main. Verdicts: every seed passes (as on main).
# A warm pass whose compile phase still takes seconds on erfcx means the facts were not read:
# look for "PTX scan facts entry ... ignored" on stderr and the .facts.json files in the cache.
set -u
OUT=${OUT:-/tmp/probe-out}
O="$OUT/gcost"
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
S="$B/bin/solver --data-dir $B/share/solver"
T=${1:-560}
t0=$SECONDS
say() { echo "$*" | tee -a "$O/results.txt"; }
left() { echo $((T - (SECONDS - t0) - 5)); }
CACHE=$O/nvrtc-cache
rm -rf "$CACHE"

# The gate's phases (seconds) of every row with gate_phases_ms in the JSON file $1.
phases() {
  python3 - "$1" "$2" <<'PY' 2>/dev/null | tee -a "$O/results.txt" || true
import json, sys
def rows(o):
    if isinstance(o, dict):
        if isinstance(o.get("gate_phases_ms"), dict):
            yield o
        for v in o.values():
            yield from rows(v)
    elif isinstance(o, list):
        for v in o:
            yield from rows(v)
def s(ph, suffix):
    return sum(v for k, v in ph.items() if k == suffix or k.endswith("/" + suffix)) / 1e3
for r in rows(json.load(open(sys.argv[1]))):
    ph = r["gate_phases_ms"]
    print("  %s %s [%s]: total %.1f s; compile %.2f (nvrtc %.2f); inputs %.2f; reference %.2f; "
          "tolerance lint %.2f (lint_cache %.3f, model_lint %.2f, model_light %.2f, echo_make %.2f, "
          "law_regions %.2f, second_look %.2f); timing %.2f" % (
              r.get("problem", "?"), r.get("gate", ""), sys.argv[2], ph.get("total", 0) / 1e3,
              s(ph, "compile"), s(ph, "compile/nvrtc"), s(ph, "inputs"), s(ph, "reference"),
              s(ph, "tolerance lint"), s(ph, "tolerance lint/lint_cache"),
              s(ph, "tolerance lint/model_lint"), s(ph, "model_lint/model_light"),
              sum(v for k, v in ph.items() if k.endswith("echo_make")) / 1e3,
              s(ph, "tolerance lint/law_regions"), s(ph, "law_regions/second_look"),
              s(ph, "timing")))
PY
}

for pass in cold warm warm_lint; do
  for seed in ${SEEDS:-softmax neighbor_aggregation reduce}; do
    l=$(left)
    ((l < 20)) && { say "$seed $pass: not run (budget spent)"; continue; }
    cap=${CAP:-200}
    s0=$SECONDS
    lint=1
    [ "$pass" = warm_lint ] && lint=0
    SOLVER_CACHE_DIR=$CACHE SOLVER_LINT_CACHE=$lint timeout $((l < cap ? l : cap)) \
      $S problems check --seed-only --json "$seed" >"$O/seeds_${seed}_$pass.json" \
      2>"$O/seeds_${seed}_$pass.log"
    say "$seed $pass: exit $? in $((SECONDS - s0)) s"
    phases "$O/seeds_${seed}_$pass.json" "$pass"
  done
done

if [ "${FACTS:-1}" = 1 ]; then
  suite=$(mktemp -d)
  ln -s "$PWD/tests/corpus_fresh20/pt_erfcx_randn" "$suite/pt_erfcx_randn"
  for pass in cold warm nofacts; do
    l=$(left)
    ((l < 20)) && { say "erfcx $pass: not run (budget spent)"; continue; }
    s0=$SECONDS
    facts=1
    [ "$pass" = nofacts ] && facts=0
    [ "$pass" = cold ] && rm -rf "$O/erfcx-cache"
    SOLVER_CACHE_DIR=$O/erfcx-cache SOLVER_PTX_FACTS=$facts timeout $((l < 120 ? l : 120)) \
      $S problems check --problems-dir "$suite" --compile-only pt_erfcx_randn \
      >"$O/erfcx_$pass.txt" 2>"$O/erfcx_$pass.log"
    say "erfcx compile-only $pass: exit $? in $((SECONDS - s0)) s;" \
      "facts files $(ls "$O/erfcx-cache" 2>/dev/null | grep -c '\.facts\.json$')"
  done
  grep -h "PTX scan facts entry" "$O"/*.log 2>/dev/null | head -3 | tee -a "$O/results.txt"
fi
rm -f "$CACHE"/*.cubin "$CACHE"/*.ptx "$O"/erfcx-cache/*.cubin "$O"/erfcx-cache/*.ptx
say "gcost: done in $((SECONDS - t0)) s"
