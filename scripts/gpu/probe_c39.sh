#!/usr/bin/env bash
# helper c39 (issue 29): which lever is QuEST's five-qubit dense gate's (tests/corpus_fresh26/
# quest_fewtarg_dense5, labelled l2_bandwidth, dependent_load_latency accepted; the classifier
# says register_limited_occupancy on both paths, docs/eval.md "fresh26's two misses"). The
# counters (H100 export of 2026-12-07d call1) fit both readings: 158 registers cap the SM at 12
# warps (occupancy 0.1875, reached), 91% of warp time is on the long scoreboard, L2 is 39.8% busy,
# and each of a thread's 1024 column steps lasts ~248 ns, 0.95 of the chip's 260.7 ns round trip,
# while every step stores its partial sum to global memory (829M L2 write sectors for 1.07 GB of
# DRAM traffic). More warps (reg_pressure's lever) overlap more chains; accumulating each row in
# registers (the label's lever) removes the chain and 31 of 32 stores. The fix's measured gain
# decides, as c38's tile did for Hausdorff. One worker session under ncu (boost clock), the first
# launch of each:
#   origin   the corpus kernel as committed;
#   regacc   each output amplitude accumulated in a register and stored once (the label's lever);
#   restrict the origin with __restrict__ on amps and the matrix (the matrix cannot alias the
#            state, so the compiler may keep the sum in a register itself: the one-word fix);
#   lb6      the origin with __launch_bounds__(128, 6): at most 80 registers, 24 warps an SM
#            (reg_pressure's lever; the 32 cached amplitudes need 128 registers, so it spills).
# Temporary copies of the folder; nothing committed runs them.
# Usage: probe_c39.sh [SECONDS, default 200]; everything under $OUT/probe_c39/ (raw ncu output,
# times.txt), the verdict line last.
# PREDICTED (unmeasured):
#  - origin 5.0-5.5 ms (the export: 5.245 ms), 158 registers, warps active 18-19%, L2 writes
#    ~8.3e8 sectors.
#  - regacc 0.3-0.7 ms (the state read and written once at ~3 TB/s is ~0.36 ms): 7x or more;
#    L2 writes ~1.7e7-3e7 sectors; DRAM over 60% busy.
#  - restrict: as regacc within 1.5x (the compiler sinks the stores), or the origin's time if it
#    keeps them (then the chain is not the aliasing's doing).
#  - lb6: 80 registers or fewer, local traffic > 0 (the cache spills), 0.9-1.8x of the origin.
#  If regacc saves over three times the time lb6 saves, the label's lever is the kernel's and
#  register_limited_occupancy names the lesser one (the classifier lacks a store-traffic signal:
#  docs/eval.md); if lb6 comes within 1.5x of regacc, the verdict stands and the label moves.
# Verdict "probe_c39: origin X ms; regacc Y ms (Ax); restrict Z ms (Bx); lb6 W ms (Cx, R regs)".
set -u
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_c39"
mkdir -p "$D"
T=${1:-200}
T0=$SECONDS
BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
B=$BUNDLE/bin
DATA=$BUNDLE/share/solver
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export LD_LIBRARY_PATH=$PWD/$BUNDLE/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x "$B/solver-gpu" ]; then echo "probe_c39: nothing run (no $B/solver-gpu)"; exit 1; fi
src=tests/corpus_fresh26/quest_fewtarg_dense5
entry=kernel_statevec_anyCtrlFewTargDenseMatr
suite=$(mktemp -d)
for v in origin regacc restrict lb6; do
  dir="$suite/dense5_$v"
  cp -r "$src" "$dir"
  sed -i "s/^name: .*/name: dense5_$v/; s/entry: $entry\$/entry: ${entry}_$v/" "$dir/problem.yaml"
  python3 - "$dir/kernel.cu" "$v" "$entry" <<'EOF' || { echo "probe_c39: variant $v not written"; exit 1; }
import sys
path, v, entry = sys.argv[1:]
s = open(path).read()
sig = 'extern "C" __global__ void ' + entry + "("
assert sig in s
head = 'extern "C" __global__ void ' + ("__launch_bounds__(128, 6) " if v == "lb6" else "")
s = s.replace(sig, head + entry + "_" + v + "(")
if v == "restrict":
    s = s.replace("double2* amps,", "double2* __restrict__ amps,", 1)
    s = s.replace("double2* flatMatrElems)", "const double2* __restrict__ flatMatrElems)", 1)
if v == "regacc":
    for a, b in (("amps[i] = make_double2(0, 0);", "double2 acc = make_double2(0, 0);"),
                 ("amps[i] = q_add(amps[i], q_mul(elem, privateCache[l]));",
                  "acc = q_add(acc, q_mul(elem, privateCache[l]));"),
                 ("      amps[i] = q_add", "      acc = q_add")):
        s = s.replace(a, b)
    # the row's one store, after the column loop
    marker = "acc = q_add(acc, q_mul(elem, privateCache[l]));\n    }\n"
    assert marker in s, "regacc: column loop not found"
    s = s.replace(marker, marker + "    amps[i] = acc;\n", 1)
open(path, "w").write(s)
EOF
done
metrics=gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sectors.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_op_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct,l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum
req="$D/requests.jsonl"; : > "$req"
n=1
for v in origin regacc restrict lb6; do
  printf '{"id":%d,"op":"time","variant":{"problem":"dense5_%s","variant":"quest"},"samples":1,"seed":3}\n' "$n" "$v" >> "$req"
  n=$((n + 1))
done
left=$((T - (SECONDS - T0) - 10))
timeout "$left" ncu --replay-mode kernel --csv --page raw --print-units base \
  --metrics "$metrics" --kernel-id "::regex:^${entry}_(origin|regacc|restrict|lb6)\$:1" \
  "$B/solver-gpu" --serve --problems-root "$suite" --chips "$DATA/rules/chips.yaml" --cache-dir "$SOLVER_CACHE_DIR" \
  < "$req" > "$D/ncu.raw" 2>&1
echo "probe_c39: ncu exit $? in $((SECONDS - T0)) s"
python3 - "$D" "$entry" <<'EOF' | tee "$D/times.txt"
import csv, io, sys
d, entry = sys.argv[1:]
got = {}
try:
    lines = [l for l in open(f"{d}/ncu.raw") if l.startswith('"')]
except OSError:
    lines = []
rows = list(csv.reader(io.StringIO("".join(lines))))
h = rows[0] if rows else []
for r in rows[1:]:
    if len(r) != len(h) or not r[0][:1].isdigit():
        continue
    x = dict(zip(h, r))
    num = lambda k: float(x.get(k, "nan").replace(",", "") or "nan")
    v = x["Kernel Name"].rsplit("_", 1)[-1]
    got[v] = (num("gpu__time_duration.sum") / 1e6, num("launch__registers_per_thread"))
    print(f"{v:8s}: {got[v][0]:.3f} ms, {got[v][1]:.0f} registers, warps active "
          f"{num('sm__warps_active.avg.pct_of_peak_sustained_active'):.1f}%, L2 {num('lts__t_sectors.avg.pct_of_peak_sustained_elapsed'):.1f}%, "
          f"L2 write sectors {num('lts__t_sectors_op_write.sum'):.3g}, DRAM {num('dram__throughput.avg.pct_of_peak_sustained_elapsed'):.1f}%, "
          f"long sb {num('smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct'):.1f}%, "
          f"local ld sectors {num('l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum'):.3g}")
o = got.get("origin", (None, None))[0]
def part(v):
    t, r = got.get(v, (None, None))
    if t is None:
        return f"{v} ? ms"
    x = f"{o / t:.2f}x" if o else "?"
    return f"{v} {t:.3f} ms ({x}" + (f", {r:.0f} regs)" if v == "lb6" else ")")
print(f"probe_c39: origin {o:.3f} ms; " if o else "probe_c39: origin ? ms; ", end="")
print("; ".join(part(v) for v in ("regacc", "restrict", "lb6")))
EOF
rm -rf "$suite"
