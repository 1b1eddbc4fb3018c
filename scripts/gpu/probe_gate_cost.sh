#!/usr/bin/env bash
# The gate's cost on large problems (found 2026-12-06 on an H100, docs/results/h100-2026-12-06):
# corpus_fresh11's mmcv_sigmoid_focal_loss (29 M elements) and corpus_fresh12's ginkgo_cg_step2
# each held the live eval's gate past two minutes, where corpus_fresh10's whole live eval took
# 17.5 s before the light-share (P6h/P6k) and per-input (P6i) lint echoes landed. This times the
# gate of each alone (`solver problems check`: compile, float64 reference, every input set and
# the tolerance lint), one process per problem, its progress lines kept, and the same for a small
# control (darknet_reorg) so a fixed cost is told apart from one that grows with the elements.
# Usage: probe_gate_cost.sh [SECONDS per problem, default 240] [ab|blocks]. Everything under
# $OUT/probe_gate_cost/; one line per problem: "gate_cost: PROBLEM exit RC in S s".
# Predicted (unmeasured): the two large gates 60-200 s each, most of it in the lint's host-side
# echo shares (64 class echoes of 29 M float64 outputs); darknet_reorg under 10 s.
# (Measured 2026-12-06 on an H100: 105 s, then 27.3 s for ginkgo; docs/benchmarks.md.)
#
# Second argument `ab` (issue 28, helper h28g: the lint's shares on the device, device_shares.h):
# each problem also runs with SOLVER_HOST_SHARES=1 (the host comparison, as before), and a line
# "gate_cost: NAME shares device vs host: same|DIFFER (...)" compares every row's gate and
# detail (the shares the lint quotes, its verdicts) between the two; then once more on the
# device path with SOLVER_SHARES_CROSSCHECK (every echo's summaries also taken on the host and
# compared, value for value: "crosscheck NAME: N summaries compared, M differ", M must be 0).
# Each run says which path its lint took ("shares on the device" where the echo_compare/device
# phase is there; "on the host" otherwise: the self-check or the compile failed, or the env).
# PREDICTED for the device path (H100, unmeasured, see docs/reliability.md's lint-cost section):
#   ginkgo_cg_step2: echo_compare summed over its scopes 14.4 s -> under 0.3 s (each echo: one
#     kernel pass per output over 2 x 16.8 M doubles, ~0.5 ms an echo with its launch and
#     readback of 24 bytes, ~130 echoes); readback under the lint 3.0 s -> under 0.1 s (only the
#     fresh set's); the unscoped host passes (largest, fold, weakest, light: ~6 s) -> echo_light
#     under 0.1 s; tolerance lint 24.5 s -> 1.5-3 s; process wall 27.3 s -> 4-6 s.
#   mmcv_sigmoid_focal_loss: echo_compare 1.8 s -> under 0.1 s; wall 4.3 s -> 1.5-2.5 s.
#   darknet_reorg: law_regions/echo_compare 1.3 s -> under 0.1 s; wall 5.9 s -> 3.5-4.5 s.
#   share_kernels (NVRTC compile and self-check): 0.2-1 s in the first process, under 0.1 s
#     after (the compile cache).
#   Host runs (ab): within 15% of call 5's figures (27.3, 4.3, 5.9 s); every row "same" (a
#   DIFFER in a share the detail quotes from the fresh set may be that set's per-request seed,
#   not the path: the crosscheck line, which compares the same echo both ways, decides).
#
# Peak memory (helper h28k): each process's line "gate_cost:   NAME peak RSS N MiB" is the largest
# resident set of the gate's processes (`solver` and its GPU worker: getrusage's children, the
# worker reaped by `solver`), and a line "gate_cost:   VARIANT class shares in B blocks: PHASE,
# MS" for each partition whose class shares were taken in blocks (class_blocks.h: a class echo
# per class and block; the phase law_regions/blocks_B).
# PREDICTED (h28k, unmeasured; GATE_COST_PROBLEMS=corpus_fresh12/knn_compute_distances
# probe_gate_cost.sh 300) on an H100: knn_compute_distances' gate FINISHES (exit 0, no signal 9;
# was killed after ~150 s, its 256 strided classes of 64 M float64 elements being 137 GB of
# shares). Its contiguous and hashed partitions (32 classes: 16 GiB) fit the device at once (one
# block); the strided one (256 classes: 128 GiB) goes in 3 blocks (4 where less than 58 GiB is
# free; 2 on an H200): one blocks line, "class shares in 3 blocks: .../law_regions/blocks_3"
# (the contiguous and hashed partitions have none). 832 class echoes in all,
# each a float64 reference run of ~6-10 ms (2 x 8.6 G float-to-double conversions at 16 a clock
# an SM) and a share pass: law_regions 10-40 s, of which the 256-class light selection
# (echo_light, never run at this size on the device) 1-15 s; the gate's wall 40-120 s; peak
# RSS 2-12 GiB (set 0's and the checked sets' 512 MB float64 references, the reference cache's
# 8 GiB and the block pool's 4 GiB caps; nothing per class on the host). Not with `ab`: the host
# path's strided partition is 16 blocks (4096 class echoes, each reading back 512 MB): minutes.
#
# Second argument `blocks` (h28k): each problem also runs twice with the cross-check file, once
# as it is and once with SOLVER_LINT_BLOCK_BYTES=${BLOCK_BYTES:-524288}, and a line "gate_cost:
# NAME light shares one block vs forced blocks: same|DIFFER" compares every partition's light
# share per output (the file's "light C classes in B blocks: output K VALUE" lines). PREDICTED
# for GATE_COST_PROBLEMS=cheats/control_hon20_atomic_float_histogram probe_gate_cost.sh 300
# blocks (1024 bins: 256 classes x 1024 x 8 B = 2 MiB, 4 blocks at 512 KiB; the 32-class
# partitions 256 KiB, one block): "same"; the forced run's lines say "256 classes in 4 blocks"
# where the strided partition is taken (h28w: it is, light share ~550), every crosscheck line
# "0 differ", that run 768 reference runs longer (+4-15 s).
# ginkgo_cg_step2 and mmcv_sigmoid_focal_loss: no blocks line (64 class echoes in one block each,
# as before; no strided partition), their gates as measured with h28g's device shares
# (docs/results/h100-2026-12-06c call 3: 4.3 s and 0.79 s) within 15%.
#
# The judged light share on the device (helper h28j, 2026-12-06: solver_judged256, judged_sums.h;
# the strided median screen). PREDICTED (unmeasured) for
#   GATE_COST_PROBLEMS="corpus_fresh12/knn_compute_distances corpus_fresh12/ginkgo_cg_step2" \
#     scripts/gpu/probe_gate_cost.sh 200
# on an H100 (80 GB, ~74 GiB free: the strided partition in 3 blocks of 54.5 GiB):
#   knn_compute_distances: exit 0 (was past 160 s in call 4). "shares on the device". A line
#     "class shares in 3 blocks: .../law_regions/blocks_3" and one "median screen: 2 later blocks
#     not taken (.../blocks_3/screened_2)": each element (r, q) reads ref's column r and query's
#     column q, whose 128 positions each lie in ONE strided class ((r / 2) mod 256, (q / 2) mod
#     256: 8192 and 2048 pairs a row are multiples of 256), so at least 254 of 256 classes leave
#     it unmoved and every median is 0. Class echoes: 32 hashed + 256 strided = 288 off the law,
#     + 32 contiguous = 320 on it (768 strided without the screen). law_regions 3-12 s (288-320
#     float64 reference runs of ~6-10 ms; the 32-class light pass ~0.1-1 s; no echo_judged
#     phase line above 100 ms expected: the judged pass runs once, on block 1, 21 M elements,
#     0.3-3 s); the gate's wall 15-60 s; echo_compare/device under 1 s; peak RSS 2-12 GiB.
#   ginkgo_cg_step2: as call 3 (4.3 s gate, within 15%): element-wise, no hashed light part, the
#     strided partition not taken; no blocks or screen line; echo_judged absent.
# With `ab` (host vs device): ginkgo "same"; knn's host run (SOLVER_HOST_SHARES=1) is the old
# strided_judgement path (minutes; give it 600 s or leave knn out of `ab`).
# The judged share's verdicts, device against host (h28j, PREDICTED):
#   GATE_COST_PROBLEMS="cheats/redteam26_offlaw_heavy_lbeta cheats/control_hon20_atomic_float_histogram" \
#     scripts/gpu/probe_gate_cost.sh 300 ab
# both "shares device vs host: same"; the red-team folder refused invalid_spec with the light
# part at 0.0046 of its tolerance (call 4's figure) on both paths, the histogram's kept; each
# crosscheck line "0 differ" (now with four "judged block's ..." summaries an output and block);
# an echo_judged phase in each device run, none in the host runs. With `blocks` instead of `ab`
# on the histogram: "light shares one block vs forced blocks: same", the "judged 256 classes"
# lines included, no "median screen" line (its bins' median classes move).
set -u
LIM=${1:-240}
AB=${2:-}
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_gate_cost"
STAGE=$(mktemp -d)
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x "$B/bin/solver" ]; then
  echo "gate_cost: nothing run (no $B/bin/solver)"
  exit 1
fi
run_one() {  # run_one PROBLEM_PATH TAG [ENV=VALUE]: one `problems check` process
  local p=$1 tag=$2
  shift 2
  local name=${p#*/}$tag
  # The per-problem JSON and logs go back in one archive (a device call returns a bounded count
  # of files); the problem's folder is staged outside $OUT (a copy of tests/ is no evidence).
  dir="$STAGE/problems_$name"
  rm -rf "$dir" && mkdir -p "$dir" && cp -r "tests/$p" "$dir/"
  t0=$(date +%s.%N)
  # The largest resident set of the processes it reaps (solver reaps its worker): KiB.
  python3 -c 'import resource, subprocess, sys
rc = subprocess.call(sys.argv[2:])
open(sys.argv[1], "w").write("%d\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(rc if rc >= 0 else 128 - rc)' "$D/$name.rss" \
    timeout "$LIM" env "$@" "$B/bin/solver" --data-dir "$B/share/solver" problems check \
    --problems-dir "$dir" --chip h200 --json >"$D/$name.json" 2>"$D/$name.log"
  local rc=$?
  echo "gate_cost: $name exit $rc in $(python3 -c "import time,sys; print(round(time.time()-float(sys.argv[1]),1))" "$t0") s"
  echo "gate_cost:   $name peak RSS $(( $(cat "$D/$name.rss" 2>/dev/null || echo 0) / 1024 )) MiB"
  tail -n 4 "$D/$name.log" | cut -c1-200
  # The gate's phases (problems check --json: gate_phases_ms, nested "phase/scope", ms), largest
  # first: where the time went.
  python3 - "$D/$name.json" <<'PY' || true
import json, sys
try:
    rows = json.load(open(sys.argv[1])).get("rows", [])
except Exception as e:
    print("gate_cost:   no JSON (%s)" % e); sys.exit(0)
for r in rows:
    ph = r.get("gate_phases_ms") or {}
    top = [kv for kv in sorted(ph.items(), key=lambda kv: -kv[1]) if kv[1] >= 100]
    print("gate_cost:   %s %s gate %s: %s" % (r.get("problem"), r.get("variant"), r.get("gate"),
          ", ".join("%s %.0f ms" % kv for kv in top)))
    # The lint's share steps summed over their scopes (the device path's fall under 100 ms).
    def total(leaf):
        return sum(v for k, v in ph.items() if k.split("/")[-1] == leaf)
    # The light part's class shares in blocks (class_blocks.h): law_regions/blocks_N, N blocks.
    for k, v in sorted(ph.items()):
        if k.split("/")[-1].startswith("blocks_"):
            print("gate_cost:   %s class shares in %s blocks: %s, %.0f ms" % (
                r.get("variant"), k.split("/")[-1][7:], k, v))
        # The strided median screen (h28j): blocks not taken, every median class at 0.
        if k.split("/")[-1].startswith("screened_"):
            print("gate_cost:   %s median screen: %s later blocks not taken (%s)" % (
                r.get("variant"), k.split("/")[-1][9:], k))
    if ph:
        print("gate_cost:   %s shares on the %s" % (r.get("variant"),
              "device" if total("device") > 0 else "host"))
        print("gate_cost:   %s summed: %s" % (r.get("variant"), ", ".join(
            "%s %.0f ms" % (leaf, total(leaf)) for leaf in
            ("echo_compare", "device", "reference_run", "readback", "echo_light", "echo_judged",
             "base_upload", "share_kernels", "law_regions", "tolerance lint"))))
PY
}
# GATE_COST_PROBLEMS overrides the list (folders under tests/, space-separated).
for p in ${GATE_COST_PROBLEMS:-corpus_fresh11/darknet_reorg corpus_fresh11/mmcv_sigmoid_focal_loss corpus_fresh12/ginkgo_cg_step2}; do
  run_one "$p" ""
  if [ "$AB" = ab ]; then
    name=${p#*/}
    run_one "$p" "_host" SOLVER_HOST_SHARES=1
    python3 - "$D/$name.json" "$D/${name}_host.json" "$name" <<'PY' || true
import json, sys
def rows(path):
    try:
        return [(r.get("variant"), r.get("gate"), r.get("detail")) for r in json.load(open(path)).get("rows", [])]
    except Exception as e:
        return "no JSON (%s)" % e
dev, host = rows(sys.argv[1]), rows(sys.argv[2])
if dev == host:
    print("gate_cost: %s shares device vs host: same (%d rows)" % (sys.argv[3], len(dev)))
else:
    print("gate_cost: %s shares device vs host: DIFFER" % sys.argv[3])
    print("  device: %s" % str(dev)[:600])
    print("  host:   %s" % str(host)[:600])
PY
    rm -f "$D/crosscheck_$name.txt"
    run_one "$p" "_cross" SOLVER_SHARES_CROSSCHECK="$D/crosscheck_$name.txt"
    grep "^crosscheck" "$D/crosscheck_$name.txt" 2>/dev/null || echo "crosscheck $name: no file (the lint took no device echo)"
    grep -m 5 "^differ" "$D/crosscheck_$name.txt" 2>/dev/null | cut -c1-300
  fi
  if [ "$AB" = blocks ]; then
    # Each partition's light share per output (the cross-check file's "light" lines) with the
    # default budget and with SOLVER_LINT_BLOCK_BYTES (BLOCK_BYTES, default 512 KiB): the same
    # values whatever the blocks (class_blocks.h).
    name=${p#*/}
    rm -f "$D/light_$name.txt" "$D/light_${name}_blocks.txt"
    run_one "$p" "_light" SOLVER_SHARES_CROSSCHECK="$D/light_$name.txt"
    run_one "$p" "_blocks" SOLVER_SHARES_CROSSCHECK="$D/light_${name}_blocks.txt" \
      SOLVER_LINT_BLOCK_BYTES="${BLOCK_BYTES:-524288}"
    python3 - "$D/light_$name.txt" "$D/light_${name}_blocks.txt" "$name" <<'PY' || true
import re, sys
def lights(path):
    try:
        lines = [l.strip() for l in open(path) if l.startswith(("light ", "judged "))]
    except Exception:
        return None, []
    return [re.sub(r" in \d+ blocks", "", l) for l in lines], lines
one, one_raw = lights(sys.argv[1])
many, many_raw = lights(sys.argv[2])
name = sys.argv[3]
if not one_raw:
    print("gate_cost: %s light shares: none recorded (no partition taken, or no device path)" % name)
    sys.exit(0)
print("gate_cost: %s light shares one block vs forced blocks: %s (%d values)" % (
    name, "same" if one == many else "DIFFER", len(one)))
for l in many_raw[:12]:
    print("  blocks run: %s" % l)
if one != many:
    for l in one_raw[:12]:
        print("  default:    %s" % l)
for path in sys.argv[1:3]:
    for l in open(path):
        if l.startswith("crosscheck"):
            print("  %s: %s" % (path.split("/")[-1], l.strip()))
PY
  fi
done
tar -C "$D" -czf "$OUT/probe_gate_cost.tgz" --exclude="problems_*" . 2>/dev/null || true
