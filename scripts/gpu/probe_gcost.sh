#!/usr/bin/env bash
# Issue 28's cost bar (the defences' cost <= 25% of a round), helper gcost: where the gate's time
# goes, cold and warm, after (k) the PTX scans' facts kept on disk (generators/ptx_facts_store.h:
# <key>.facts.json beside the NVRTC cache; a new worker reads a large module's scans instead of
# paying them again), (l) the model echoes' class refills keyed by the parallel digest instead of
# a one-core hash of the whole input per refill (model_echo.cpp class_base) and (m) model_light's
# per-element counts on every core (docs/reliability.md "The gate's own cost").
# Three seeds' gates by `solver problems check --seed-only --json` (gate_phases_ms), three passes
# each, each pass a new process:
#   cold:       a fresh SOLVER_CACHE_DIR (NVRTC compiles, PTX scans, the tolerance lint all paid);
#   warm:       the same folder (compiles, PTX facts and the lint's verdict served from disk);
#   warm_lint:  the same folder with SOLVER_LINT_CACHE=0 (the lint paid again, the compiles and
#               PTX facts served): what a new problem's lint costs once its compiles are warm.
# Seeds (SEEDS to change): softmax (2^26 outputs: the large-output one), neighbor_aggregation
# (its seed gate was 211.7 s live, h32fast since), reduce (a small one). First (~50 s) the erfcx
# kernel (tests/corpus_fresh20: the 1 MB PTX module) through `problems check --compile-only`,
# cold, warm and with the facts off: the scans' own cost with and without the facts (FACTS=0
# skips it). The warm_lint passes run last (the first cut where the budget runs out).
# Usage: scripts/gpu/probe_gcost.sh [SECONDS, default 560]; results under $OUT/gcost/
# (results.txt, seeds_<seed>_<pass>.json/.log), a verdict line last. CAP: a gate's cap (200 s).
# PREDICTIONS (unrun; host numbers from the 2-core build host under load, ptx_scan_bench):
#  - erfcx (pt_erfcx_randn, 1 MB PTX): compile-only cold ~20-30 s (NVRTC ~5 s + the scans ~16 s
#    on one core of a device host, as c31's warm gate "compile 16458-17434 ms"); warm (a new
#    process, NVRTC cached, facts read) <= 2 s; nofacts (facts off, NVRTC cached) ~16-19 s.
#    Facts files in erfcx-cache after cold: 3 (scan_launched_code, fp32_arith_to_buffers /all and
#    /decided; the reference's PTX is small). Build host: 37.5 s nofacts, 0.88 s warm.
#  - these seeds' PTX is under 64 KiB (not kept; scans in milliseconds): compile as main, cold =
#    NVRTC (~0.2-2 s a seed), warm <= 0.1 s.
#  - neighbor_aggregation cold: passes; second_look <= ~5 s (h32fast's device-made keyed echoes,
#    first live numbers; was 162.9 s); model_lint ~30-40 s (was 40.4: model_light's 32 refills of
#    rowptr, a csr_rowptr: midpoint echoes, so cut (l) does not apply; cut (m) may take 2-8 s off
#    its ~13.9 s unscoped per-element work); gate total ~45-55 s (was 211.7 s).
#  - softmax, reduce cold: pass; no structured input (no model_lint phase); lint as main.
#  - warm (lint verdict cached): "tolerance lint" = its lint_cache read (< 0.05 s) for all three;
#    gate = inputs + reference + checks + timing (a few seconds each: softmax's 2^26 elements
#    the largest).
#  - warm_lint: each lint as its cold pass (+-20%: the compiles and facts warm, the lint paid).
# Cut (l) (the class refills' parallel digest) is measured by probe_h31.sh's folders instead
# (redteam31_inner_head_boys, control_redteam29_deal_exact_hand: model_light echo_make 23.8 and
# 25.3 s on main, predicted ~15-19 s).
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
    print("  %s %s [%s]: total %.1f s; compile %.2f (nvrtc %.2f, code_scans %.2f); inputs %.2f; reference %.2f; "
          "tolerance lint %.2f (lint_cache %.3f, model_lint %.2f, model_light %.2f, echo_make %.2f, "
          "law_regions %.2f, second_look %.2f); timing %.2f" % (
              r.get("problem", "?"), r.get("gate", ""), sys.argv[2], ph.get("total", 0) / 1e3,
              s(ph, "compile"), s(ph, "compile/nvrtc"), s(ph, "nvrtc/code_scans"), s(ph, "inputs"),
              s(ph, "reference"),
              s(ph, "tolerance lint"), s(ph, "tolerance lint/lint_cache"),
              s(ph, "tolerance lint/model_lint"), s(ph, "model_lint/model_light"),
              sum(v for k, v in ph.items() if k.endswith("echo_make")) / 1e3,
              s(ph, "tolerance lint/law_regions"), s(ph, "law_regions/second_look"),
              s(ph, "timing")))
PY
}

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

rm -f "$CACHE"/*.cubin "$CACHE"/*.ptx "$O"/erfcx-cache/*.cubin "$O"/erfcx-cache/*.ptx
say "gcost: done in $((SECONDS - t0)) s"
