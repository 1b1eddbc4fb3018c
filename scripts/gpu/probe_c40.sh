#!/usr/bin/env bash
# helper c40 (issue 29): which lever is the CUDA samples' fwtBatch1Kernel's
# (tests/corpus_fresh5/cs_fwt_batch1_shared, labelled bank_conflicts; the classifier names
# dram_near_roof on both of its H200 measurements: streaming_latency_bound live, 24% against the
# replays' 16%; scalar_loads_bandwidth_bound from the export, docs/eval.md "The nine dev misses at
# 656/665"). Both claims rest on something true in the kernel: nvcc 13.0's PTX for sm_90 keeps the
# staging loop `for (p = tid; p < N; p += blockDim.x) s_data[p] = src[p]` rolled (its bound is a
# runtime value), one ld.global.f32 then its st.shared a trip, so a warp has one 4-sector request
# in flight at a time, four in series (127 ns a sector x 4 = 509 ns, 2.1 of the H200's 245 ns
# round trip, each); and the radix-4 stages at strides 8 and 2 are 4-way conflicted (a host
# model of the butterfly stages' shared accesses: 2.17 wavefronts an access, 1.17 with the
# swizzle below; ncu counts 0.94 conflicts a request, staging included). The measured
# gain of each lever decides, as c38's tile did for Hausdorff. One worker session under ncu (boost
# clock), the first launch of each:
#   origin    the corpus kernel as committed;
#   staged4   the staging loop loading four values into registers before storing any (the four
#             requests in flight together: the stream rules' lever, more bytes in flight);
#   swizzled  every shared index i as i ^ (((i >> 5) & 3) * 10): a permutation within each
#             32-word row that spreads the strides-8 and -2 lanes over all 32 banks (the label's
#             lever; the radix-2 stage keeps its 2-way conflict);
#   both      the two together.
# Temporary copies of the folder; nothing committed runs them.
# Checked offline: C40_OFFLINE=1 compiles the four copies for sm_90 (problems check
# --compile-only: 8 points, 0 failed); nvcc 13.0's PTX of staged4 issues its four ld.global
# before the first st.shared; the swizzle is a permutation of each 32-word row (host model).
# Usage: probe_c40.sh [SECONDS, default 200]; everything under $OUT/probe_c40/ (raw ncu output,
# times.txt), the verdict line last.
# PREDICTED (unmeasured; seed time from the H200 export of 2026-12-03c call 1, ~41-45 us):
#  - origin 40-46 us; bank conflicts ~0.94 a request; DRAM 24-36%.
#  - staged4 1.10-1.35x the origin (the stream's 24% claim is 1.32x at most), long-scoreboard
#    share down, DRAM share up.
#  - swizzled 1.05-1.20x (the replays' 16% claim is 1.19x), conflicts under 0.3 a request,
#    the L1/shared data pipe's wavefronts down by about 40%.
#  - both: over either alone.
#  If staged4 gains over 1.5 times what swizzled gains (in time saved), the classifier's
#  dram_near_roof names the kernel's larger lever and the label should move (bank_conflicts
#  accepted); if swizzled gains more, the label stands and the stream rules over-claim a kernel
#  whose loads sit between barriers (their estimate is the question then, not a threshold).
# Verdict "probe_c40: origin X us; staged4 Y us (Ax); swizzled Z us (Bx); both W us (Cx)".
set -u
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_c40"
mkdir -p "$D"
T=${1:-200}
T0=$SECONDS
BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
B=$BUNDLE/bin
DATA=$BUNDLE/share/solver
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export LD_LIBRARY_PATH=$PWD/$BUNDLE/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
src=tests/corpus_fresh5/cs_fwt_batch1_shared
entry=fwtBatch1Kernel
variants="origin staged4 swizzled both"
suite=$(mktemp -d)
for v in $variants; do
  dir="$suite/fwt_$v"
  cp -r "$src" "$dir"
  rm -f "$dir/label.yaml"
  sed -i "s/^name: .*/name: fwt_$v/; s/entry: $entry\$/entry: ${entry}_$v/" "$dir/problem.yaml"
  python3 - "$dir/kernel.cu" "$v" "$entry" <<'EOF' || { echo "probe_c40: variant $v not written"; exit 1; }
import re, sys
path, v, entry = sys.argv[1:]
s = open(path).read()
sig = 'extern "C" __global__ void ' + entry + "("
assert sig in s
s = s.replace(sig, 'extern "C" __global__ void ' + entry + "_" + v + "(")
if v in ("staged4", "both"):
    loop = "for (int p = threadIdx.x; p < N; p += blockDim.x) s_data[p] = src[p];"
    assert loop in s, "staged4: staging loop not found"
    s = s.replace(loop, """for (int p0 = threadIdx.x; p0 < N; p0 += 4 * blockDim.x) {
    float v4[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const int p = p0 + k * blockDim.x;
      v4[k] = p < N ? src[p] : 0.0f;
    }
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const int p = p0 + k * blockDim.x;
      if (p < N) s_data[p] = v4[k];
    }
  }""", 1)
if v in ("swizzled", "both"):
    s = re.sub(r"s_data\[([^\]]+)\]", r"s_data[SWZ(\1)]", s)
    s = s.replace(sig.replace(entry + "(", entry + "_" + v + "("),
                  "#define SWZ(i) ((i) ^ ((((i) >> 5) & 3) * 10))\n" +
                  'extern "C" __global__ void ' + entry + "_" + v + "(", 1)
    assert "SWZ(" in s and "#define SWZ" in s
open(path, "w").write(s)
EOF
done
if [[ "${C40_OFFLINE:-0}" == 1 ]]; then
  SOLVER=${SOLVER:-build/engine/solver}
  "$SOLVER" problems check --problems-dir "$suite" --compile-only --chip h200
  rc=$?
  rm -rf "$suite"
  exit $rc
fi
if [ ! -x "$B/solver-gpu" ]; then echo "probe_c40: nothing run (no $B/solver-gpu)"; exit 1; fi
metrics=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts.avg.pct_of_peak_sustained_elapsed,smsp__issue_active.avg.pct_of_peak_sustained_active
req="$D/requests.jsonl"; : > "$req"
n=1
for v in $variants; do
  printf '{"id":%d,"op":"time","variant":{"problem":"fwt_%s","variant":"sample"},"samples":1,"seed":3}\n' "$n" "$v" >> "$req"
  n=$((n + 1))
done
left=$((T - (SECONDS - T0) - 10))
timeout "$left" ncu --replay-mode kernel --csv --page raw --print-units base \
  --metrics "$metrics" --kernel-id "::regex:^${entry}_(origin|staged4|swizzled|both)\$:1" \
  "$B/solver-gpu" --serve --problems-root "$suite" --chips "$DATA/rules/chips.yaml" --cache-dir "$SOLVER_CACHE_DIR" \
  < "$req" > "$D/ncu.raw" 2>&1
echo "probe_c40: ncu exit $? in $((SECONDS - T0)) s"
python3 - "$D" <<'EOF' | tee "$D/times.txt"
import csv, io, sys
d = sys.argv[1]
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
    got[v] = num("gpu__time_duration.sum") / 1e3
    req = num("smsp__inst_executed_op_shared_ld.sum") + num("smsp__inst_executed_op_shared_st.sum")
    print(f"{v:9s}: {got[v]:.1f} us, DRAM {num('dram__throughput.avg.pct_of_peak_sustained_elapsed'):.1f}%, "
          f"long sb {num('smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct'):.1f}%, "
          f"conflicts a request {num('l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum') / max(1, req):.2f}, "
          f"L1 data pipe {num('l1tex__data_pipe_lsu_wavefronts.avg.pct_of_peak_sustained_elapsed'):.1f}%, "
          f"issue {num('smsp__issue_active.avg.pct_of_peak_sustained_active'):.1f}%")
o = got.get("origin")
def part(v):
    t = got.get(v)
    if t is None:
        return f"{v} ? us"
    return f"{v} {t:.1f} us ({o / t:.2f}x)" if o else f"{v} {t:.1f} us (?x)"
print(f"probe_c40: origin {o:.1f} us; " if o else "probe_c40: origin ? us; ", end="")
print("; ".join(part(v) for v in ("staged4", "swizzled", "both")))
EOF
rm -rf "$suite"
