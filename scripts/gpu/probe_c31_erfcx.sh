#!/usr/bin/env bash
# helper c31 (issue 29): where the live profile of a long kernel spends its time, and the PC
# sampling pass's bounded wait. Runs `solver eval` live on a suite of the erfcx pair only
# (tests/corpus_fresh20/pt_erfcx_randn, 18.5 ms a launch on the H100; pt_erfcx_linspace, 0.15 ms;
# the same 716 KB of SASS), twice: cold (a fresh NVRTC cache) then warm (the same cache). eval now
# prints, per kernel, "gate N ms (phases)" and "profiled in N ms (phases)" on stderr.
# Usage: probe_c31_erfcx.sh [SECONDS, default 300]; everything under $OUT/c31/ (eval_cold.txt/.log,
# eval_warm.txt/.log, signals_cold/, signals_warm/), a verdict line last.
# PREDICTED (unmeasured; from reading the code, compile times from the build host):
#  - cold: each kernel's gate 12-25 s (its NVRTC compile, 11.9 s for randn on the 2-core build
#    host, ~16 s in f20's check, plus 3 input sets of 2^25 floats and their float64 references on
#    the GPU, < 2 s); each profile 4-6 s: prepare < 0.5 s (compile cached by the gate), unprofiled
#    < 0.5 s (randn: 6-20 samples x 18.5 ms), passes < 1.5 s (14 x 18.5 ms + ~0.5 s of CUPTI),
#    pc_sampling ~3 s and SKIPPED ("the line-info compile and disassembly were not done 3 s after
#    the passes"). Both kernels measured: randn instruction_fetch, linspace instruction_fetch.
#    The eval's exit may wait up to one compile (~15 s) for the parked line-info compile.
#  - warm (same cache): gates 2-6 s each; profiles ~1-2 s each with PC sampling RUN (pc_sampling
#    phase 0.3-1 s for linspace; for randn it is the open question: ~45K hot PCs each mapped by
#    cuptiGetSassToSourceCorrelation on a multi-MB line-info cubin; if randn's pc_sampling phase is
#    over ~5 s, the per-PC line lookup is the next cost to bound).
set -u
OUT=${OUT:-/tmp/probe-out}
D="$OUT/c31"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=$D/nvrtc-cache
S="$B/bin/solver"
T=${1:-300}
t0=$SECONDS
suite=$(mktemp -d)
for k in pt_erfcx_randn pt_erfcx_linspace; do ln -s "$PWD/tests/corpus_fresh20/$k" "$suite/$k"; done
for pass in cold warm; do
  left=$((T - (SECONDS - t0) - 5))
  [ "$left" -lt 20 ] && { echo "c31: $pass not run ($left s left)"; continue; }
  s0=$SECONDS
  lim=$left
  [ "$pass" = cold ] && lim=$((left * 2 / 3))
  timeout "$lim" $S eval --suite "$suite" --save-signals "$D/signals_$pass" \
    >"$D/eval_$pass.txt" 2>"$D/eval_$pass.log"
  echo "c31 $pass: exit $? in $((SECONDS - s0)) s"
  grep -E "^eval: " "$D/eval_$pass.log" | cut -c1-200
  grep -E "pt_erfcx" "$D/eval_$pass.txt" | head -4 | cut -c1-160
done
for pass in cold warm; do
  for k in pt_erfcx_randn pt_erfcx_linspace; do
    f="$D/signals_$pass/$k.json"
    [ -f "$f" ] && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); r=d["raw_metrics"]; print(sys.argv[2], sys.argv[3], "passes", r.get("solver__profiler_passes"), "collection_ms", round(r.get("solver__collection_ms",0)), "pc_samples", d["signals"].get("pc_samples"), "notes", d.get("notes"))' "$f" "$pass" "$k"
  done
done
echo "c31: done in $((SECONDS - t0)) s"
