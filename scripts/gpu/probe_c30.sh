#!/usr/bin/env bash
# c30's live probe (issue 29): the three rule mechanisms of helper c30 (docs/rules.md, "Two
# floors, the atomics' serial time, and the wait no rule claims"), live through the CUPTI path,
# one process, with `--save-signals`. Nothing of it has run on a device yet.
#   - chip.l2_atomic_serial_ns (chips.yaml): the L2's time per atomic request on one address,
#     measured offline from recorded runs (H100 1.174 ns: RAJA PI_ATOMIC; H200 1.171 ns:
#     atomic_sum_naive). This re-measures it on both one-address kernels: "serial KERNEL
#     NS_PER_REQUEST" should read 1.14-1.20 on an H100 or H200 (all lanes of every warp on one
#     word; a value far under it means the constant overstates the queue's floor, over it that
#     the cap would cut a true one-address queue).
#   - predicted verdicts on an H100 (the bundle's chip when no H200 is lent):
#       atomic_sum_naive          atomic_contention (~1.0: every request serial)
#       raja_pi_atomic            atomic_contention (~1.0)
#       cusamples_xyzw_frequency  small_grid, no tie (atomic_contention ~0.08-0.17: 39-79 K
#                                 reductions x 1.17 ns in ~600 us; small_grid ~0.94)
#       bude_fasten               issue_bound (~0.3-0.4; two warps a scheduler, issue ~0.69,
#                                 the wait ~0.29) -- measured on the H200 only so far
#       llmc_xent_softmax_bwd1    on an H200 issue_bound, tied with dram_near_roof (a near miss
#                                 of issue demand 0.81 against 0.85); on an H100 (DRAM 3.35
#                                 against 4.8 TB/s, the same SM clock) the bytes' floor should
#                                 rise over the instructions' and the verdict be dram_near_roof:
#                                 a miss against its issue_bound label, which was decided on H200
#                                 counters. That would say the label is the chip's, not the rule's.
# Usage: probe_c30.sh [SECONDS, default 240]. Everything under $OUT/probe_c30/; one
# "c30 KERNEL GOT FIRED ok|MISS" line per kernel, "serial ..." for the two one-address kernels
# and "floors KERNEL issue_frac dram_frac/0.9" for xent and bude.
set -u
LIM=${1:-240}
T0=$(date +%s)
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_c30"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
S="$(mktemp -d)/suite"
mkdir -p "$S"
for k in corpus_fresh/atomic_sum_naive corpus_fresh9/raja_pi_atomic \
  corpus_fresh13/cusamples_xyzw_frequency corpus_fresh7/bude_fasten \
  corpus_fresh/llmc_xent_softmax_bwd1; do
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
    print("probe_c30: no result (%s)" % e)
    sys.exit(0)
right = 0
for c in d["cases"]:
    tie = (c.get("tie") or {}).get("with")
    right += 1 if c.get("correct") else 0
    print("c30 %s %s%s %s %s" % (c["kernel"], c.get("got"), " (tie: %s)" % tie if tie else "",
                                 c.get("fired"), "ok" if c.get("correct") else "MISS"))
    p = os.path.join(sys.argv[2], c["kernel"] + ".json")
    if not os.path.exists(p):
        continue
    s = json.load(open(p))["signals"]
    if c["kernel"] in ("atomic_sum_naive", "raja_pi_atomic") and s.get("l2_atomic_requests"):
        print("serial %s %.4f" % (c["kernel"], s["time_us"] * 1000 / s["l2_atomic_requests"]))
    if c["kernel"] in ("llmc_xent_softmax_bwd1", "bude_fasten"):
        print("floors %s %s %s" % (c["kernel"], s.get("issue_frac"),
                                   (s.get("dram_frac") or 0) / 0.9))
print("probe_c30: %d/%d correct" % (right, len(d["cases"])))
PY
