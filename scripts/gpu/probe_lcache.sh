#!/usr/bin/env bash
# helper lcache (issue 29): the erfcx pair's live profile after the code-scan memo and the
# line-info compile without scans. The same runs as probe_c31_erfcx.sh (cold cache, then warm),
# with its phase lines; everything under $OUT/lcache/, a verdict line last.
# Usage: probe_lcache.sh [SECONDS, default 300]
# PREDICTED (unmeasured; host numbers from the 2-core build host, branch lcache):
#  - cold: each gate ~ as c31 (18-24 s: NVRTC 4-6 s + the PTX scans ~16 s, first time in the
#    worker); each profile's "prepare" < 2 s (was 16.6-17.1 s: the scans are kept in the worker
#    since the gate; only scan_ptx_precision's cheap parts and the module load remain). Its
#    pc_sampling: the line-info compile is a cold NVRTC compile (4-6 s), so still SKIPPED
#    after 3.0 s on the cold pass (the compile lands in the cache for the warm pass).
#  - warm (same cache, a new process): gates ~16-18 s each (the scans are per process: not
#    changed); profiles: prepare < 1 s, and PC sampling RUN for at least linspace (the line-info
#    compile is a cache read, ~0.1 s, plus nvdisasm/cuobjdump side by side ~1.5 s, within the
#    passes + 3 s wait); pc_samples present in signals_warm/*.json. Verdicts unchanged:
#    both instruction_fetch.
set -u
OUT=${OUT:-/tmp/probe-out}
D="$OUT/lcache"
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
  [ "$left" -lt 20 ] && { echo "lcache: $pass not run ($left s left)"; continue; }
  s0=$SECONDS
  lim=$left
  [ "$pass" = cold ] && lim=$((left / 2))
  timeout "$lim" $S eval --suite "$suite" --save-signals "$D/signals_$pass" \
    >"$D/eval_$pass.txt" 2>"$D/eval_$pass.log"
  echo "lcache $pass: exit $? in $((SECONDS - s0)) s"
  grep -E "^eval: " "$D/eval_$pass.log" | cut -c1-200
  grep -E "pt_erfcx" "$D/eval_$pass.txt" | head -4 | cut -c1-160
done
for pass in cold warm; do
  for k in pt_erfcx_randn pt_erfcx_linspace; do
    f="$D/signals_$pass/$k.json"
    [ -f "$f" ] && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); r=d["raw_metrics"]; print(sys.argv[2], sys.argv[3], "pc_samples", d["signals"].get("pc_samples"), "collection_ms", round(r.get("solver__collection_ms",0)))' "$f" "$pass" "$k"
  done
done
rm -f "$D"/nvrtc-cache/*.cubin "$D"/nvrtc-cache/*.ptx
echo "lcache: done in $((SECONDS - t0)) s"
