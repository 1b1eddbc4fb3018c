#!/usr/bin/env bash
# c29b's live probe (issue 29): the two kernels whose cost is the L1/shared data pipe at its roof
# on conflict-free shared accesses (class shared_data_pipe, rule shared_pipe_roof; docs/rules.md
# "The shared data pipe at its roof"), live through the CUPTI path, one process, with
# `--save-signals` so the verdicts can be re-scored offline. knn's distance kernel was never
# measured live (fresh12's live eval was cut by its step limit); the stereo matcher was (06b
# call4) and is re-measured for the new signal, smem_inst_frac, collected now and not
# back-filled. Also the barrier stencil of the labelled suite, the closest kernel of the 30.
# Predicted on an H100, from the export's and the live recording's signals under this branch's
# table: 3/3 --
#   knn_compute_distances       shared_data_pipe (shared_pipe_roof ~37%: 4 x issue 0.65 x
#                               smem_inst_frac 0.315 = 0.82 of the pipe, above the other
#                               instructions' issue 0.44; no tie; synchronous_staging ~5%)
#   cusamples_stereo_disparity  shared_data_pipe (shared_pipe_roof ~47%, capped by the MIO and
#                               short-scoreboard wait; smem_inst_frac 0.49; tail_effect ~29%
#                               second; cache_resident_reuse under 20%)
#   barrier_stencil             barrier_bound (~42%; shared_pipe_roof a near miss at ~38%, at
#                               lsu_frac ~0.80; a tie with shared_data_pipe is possible)
# On an H200 (132 SMs, the same geometry) the same; a miss there is a finding, not a reason to
# tune. Gate cost: the knn matrix (~3 ms a launch, a 512 MB float64 reference) leads.
# Usage: probe_c29b.sh [SECONDS, default 180]. Everything under $OUT/probe_c29b/; one
# "c29b KERNEL GOT FIRED ok|MISS" line per kernel and "smem KERNEL smem_inst_frac lsu_frac
# issue_frac" from the saved signals, then "probe_c29b: A/3 correct".
set -u
LIM=${1:-180}
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_c29b"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
# The bundle's own libraries (yaml-cpp, Boost, CUPTI): without them the binary does not start
# (exit 127: the 2026-12-06b call 5 run of this probe).
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S="$(mktemp -d)/suite"
mkdir -p "$S"
for k in corpus_fresh12/knn_compute_distances corpus_fresh13/cusamples_stereo_disparity \
  labelled/barrier_stencil; do
  ln -s "$PWD/tests/$k" "$S/"
done
timeout "$LIM" "$B/bin/solver" --data-dir "$B/share/solver" eval --suite "$S" \
  --save-signals "$D/signals" --json >"$D/eval.json" 2>"$D/eval.log"
rc=$?
echo "eval: exit $rc in $(($(date +%s) - T0)) s"
python3 - "$D/eval.json" "$D/signals" <<'PY'
import json, os, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:  # cut by the limit, or no device
    print("probe_c29b: no result (%s)" % e)
    sys.exit(0)
for c in d["cases"]:
    tie = (c.get("tie") or {}).get("with")
    print("c29b %s %s%s %s %s" % (c["kernel"], c.get("got"), " (tie: %s)" % tie if tie else "",
                                  c.get("fired"), "ok" if c.get("correct") else "MISS"))
    p = os.path.join(sys.argv[2], c["kernel"] + ".json")
    if os.path.exists(p):
        s = json.load(open(p))["signals"]
        print("smem %s %s %s %s" % (c["kernel"], s.get("smem_inst_frac"), s.get("lsu_frac"),
                                    s.get("issue_frac")))
print("probe_c29b: %d/%d correct" % (d["correct"], d["measured"]))
PY
echo "probe_c29b: done in $(($(date +%s) - T0)) s"
