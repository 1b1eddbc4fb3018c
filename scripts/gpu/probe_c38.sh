#!/usr/bin/env bash
# helper c38 (issue 29): what sets the time of two fresh kernels whose labels their own counters
# refuted, tested by the two levers that separate the readings (docs/eval.md, "Two labels
# against their kernels"). One worker session per SM clock setting under ncu: --clock-control
# none (the boost clock the H100 exports ran at, ~1.98 GHz) and --clock-control base (the
# chip's base clock), each profiling the first launch of
#   hausdorff       tests/corpus_fresh25/hecb_hausdorff_min_dist, as labelled (relabelled
#                   cache_resident_reuse: the L1 misses of a set every warp re-reads, one 128-byte
#                   line at a time per SM);
#   hausdorff_tile  the same problem with B staged in shared memory 256 points a block (the
#                   class's lever; a temporary copy of the folder, nothing committed runs it);
#   fhd             tests/corpus_fresh25/hecb_fhd_sincos, the control: issue_bound, confirmed;
#   matern          tests/corpus_fresh24/hecb_matern_block_sum (relabelled unexplained: a
#                   saturated issue phase and a one-warp latency phase, two lockstep blocks an SM).
# Usage: probe_c38.sh [SECONDS, default 240]; everything under $OUT/probe_c38/ (raw ncu output per
# clock setting, times.txt), the verdict line last.
# PREDICTED (unmeasured; from the H100 exports of 2026-12-07b/c and the SASS, see the labels):
#  - hausdorff, clock none: 3.9-4.4 ms (the export: 4.125 ms at 1985 MHz), issue 40-52%, L1 hits
#    > 97%, long scoreboard > 65% of warp time. Clock base: the time within 0.95-1.08x of clock
#    none (the live CUPTI profile of the same batch ran it at 1512 MHz in 4.122 ms: its time is
#    the memory side's latency, not SM cycles). If base also slows the L2 clock the ratio may rise
#    toward the clock ratio; the test is then the ratio well below fhd's.
#  - hausdorff_tile, clock none: 1.8-2.6 ms (the same ~6.4 instructions a pair, LDS.64 for LDG.64,
#    with the line latency paid once per 256 points: issue 80-95%); clock base: 1.12x or more of
#    clock none (SM cycles now set it).
#  - fhd: clock base 1.12x or more of clock none (issue_bound, SM-clocked).
#  - matern: clock base 1.08-1.22x of clock none (~64% of the run an SM-clocked issue phase, the
#    rest one warp's DRAM load at barrier 1 and its serial sum); issue 58-70% at clock none.
# Verdict "probe_c38: hausdorff X.XXx, tile Y.YYx (Z ms), fhd W.WWx, matern V.VVx" (base over none).
set -u
OUT=${OUT:-/tmp/probe-out}
D="$OUT/probe_c38"
mkdir -p "$D"
T=${1:-240}
T0=$SECONDS
BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
B=$BUNDLE/bin
DATA=$BUNDLE/share/solver
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export LD_LIBRARY_PATH=$PWD/$BUNDLE/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x "$B/solver-gpu" ]; then echo "probe_c38: nothing run (no $B/solver-gpu)"; exit 1; fi
suite=$(mktemp -d)
cp -r tests/corpus_fresh25/hecb_hausdorff_min_dist "$suite/"
cp -r tests/corpus_fresh25/hecb_fhd_sincos "$suite/"
cp -r tests/corpus_fresh24/hecb_matern_block_sum "$suite/"
tile="$suite/hecb_hausdorff_tile"
cp -r tests/corpus_fresh25/hecb_hausdorff_min_dist "$tile"
sed -i 's/^name: .*/name: hecb_hausdorff_tile/; s/entry: computeDistance$/entry: computeDistanceTile/' "$tile/problem.yaml"
cat > "$tile/kernel.cu" <<'EOF'
// probe_c38 only: hausdorff's walk with B staged in shared memory, 256 points a block per step.
__device__ __forceinline__ void atomic_max_tile(float* address, float val) {
  unsigned int* ptr = (unsigned int*)address;
  unsigned int ret = __nv_atomic_load_n(ptr, __NV_ATOMIC_RELAXED);
  while (val > __uint_as_float(ret)) {
    unsigned int old = ret;
    if ((ret = atomicCAS(ptr, old, __float_as_uint(val))) == old) break;
  }
}
extern "C" __global__ void computeDistanceTile(const float2* __restrict__ Apoints,
                                               const float2* __restrict__ Bpoints,
                                               float* __restrict__ distance, const int numA,
                                               const int numB) {
  __shared__ float2 tile[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float2 p = i < numA ? Apoints[i] : make_float2(0.f, 0.f);
  float d = 3.402823466e+38f;
  for (int base = 0; base < numB; base += 256) {
    __syncthreads();
    if (base + (int)threadIdx.x < numB) tile[threadIdx.x] = Bpoints[base + threadIdx.x];
    __syncthreads();
    const int n = min(256, numB - base);
    for (int k = 0; k < n; k++) {
      const float dx = p.x - tile[k].x, dy = p.y - tile[k].y;
      d = fminf(dx * dx + dy * dy, d);
    }
  }
  if (i < numA) atomic_max_tile(distance, d);
}
EOF
metrics=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__inst_issued.avg.pct_of_peak_sustained_active,l1tex__t_sector_hit_rate.pct,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct,smsp__warp_issue_stalled_barrier_per_warp_active.pct,smsp__inst_executed.sum
req="$D/requests.jsonl"; : > "$req"
n=1
for p in hecb_hausdorff_min_dist hecb_hausdorff_tile hecb_fhd_sincos hecb_matern_block_sum; do
  printf '{"id":%d,"op":"time","variant":{"problem":"%s","variant":"hecbench"},"samples":1,"seed":3}\n' "$n" "$p" >> "$req"
  n=$((n + 1))
done
for clk in none base; do
  left=$((T - (SECONDS - T0) - 10))
  [ "$left" -lt 30 ] && { echo "probe_c38: clock $clk not run ($left s left)"; continue; }
  timeout "$left" ncu --clock-control "$clk" --replay-mode kernel --csv --page raw --print-units base \
    --metrics "$metrics" --kernel-id "::regex:^(computeDistance|computeDistanceTile|cmpfhd|matern_kernel)\$:1" \
    "$B/solver-gpu" --serve --problems-root "$suite" --chips "$DATA/rules/chips.yaml" --cache-dir "$SOLVER_CACHE_DIR" \
    < "$req" > "$D/ncu_$clk.raw" 2>&1
  echo "probe_c38: ncu clock $clk exit $? in $((SECONDS - T0)) s"
done
python3 - "$D" <<'EOF' | tee "$D/times.txt"
import csv, io, sys
d = sys.argv[1]
got = {}
for clk in ("none", "base"):
    try:
        lines = [l for l in open(f"{d}/ncu_{clk}.raw") if l.startswith('"')]
    except OSError:
        continue
    rows = list(csv.reader(io.StringIO("".join(lines))))
    if not rows:
        continue
    h = rows[0]
    for r in rows[1:]:
        if len(r) != len(h) or not r[0][:1].isdigit():
            continue
        x = dict(zip(h, r))
        num = lambda k: float(x.get(k, "nan").replace(",", "") or "nan")
        k = x["Kernel Name"]
        got[(k, clk)] = num("gpu__time_duration.sum") / 1e6
        print(f"{k:22s} clock {clk:4s}: {got[(k, clk)]:.3f} ms at {num('sm__cycles_elapsed.avg.per_second') / 1e6:.0f} MHz, "
              f"issue {num('sm__inst_issued.avg.pct_of_peak_sustained_active'):.1f}%, L1 hit {num('l1tex__t_sector_hit_rate.pct'):.1f}%, "
              f"long sb {num('smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct'):.1f}%, "
              f"barrier {num('smsp__warp_issue_stalled_barrier_per_warp_active.pct'):.1f}%, inst {num('smsp__inst_executed.sum'):.3g}")
def ratio(k):
    a, b = got.get((k, "none")), got.get((k, "base"))
    return f"{b / a:.2f}x" if a and b else "?"
tile = got.get(("computeDistanceTile", "none"))
print(f"probe_c38: hausdorff {ratio('computeDistance')}, tile {ratio('computeDistanceTile')} "
      f"({tile:.2f} ms)" if tile else f"probe_c38: hausdorff {ratio('computeDistance')}, tile ? (? ms)",
      end="")
print(f", fhd {ratio('cmpfhd')}, matern {ratio('matern_kernel')} (base over none)")
EOF
rm -rf "$suite"
