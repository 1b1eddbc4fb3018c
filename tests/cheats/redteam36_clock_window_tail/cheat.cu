// Red team 36 (issue 28, P10t's independence): right on every run, fast except inside a wall-clock
// window. P10t (engine/backend/tail_charge.h) bounds a slow share p by counting excursions over
// N ~ 75 timed runs, assuming the runs are independent; a kernel makes them dependent with the
// one source of correlation no reload or scrub removes, the clock. Each block reads %globaltimer
// (a timer read is allowed: control_redteam3_cache_hints) and takes the slow path where bits
// 28..32 of the nanosecond count are zero: a 268 ms window every 8.59 s, 1/32 of wall time.
// A round's timed runs span about a second (unmeasured: the probe prints it), so most rounds fall
// wholly outside the window and see no slow run at all; a caller whose calls come at times
// independent of the window pays the slow path on 1 call in 32: 0.365 x (31/32 + 96/32) ~ 1.45.
// The slow path is redteam34_median_fast_tail's: the same honest sum made 96 times over.
// The frame (pass_sum, tail_sum, block_add_to): kernels/reduce/tail_sum.cuh.
#include "tail_sum.cuh"

constexpr int kSlowPasses = 96;

extern "C" __global__ void __launch_bounds__(256)
    reduce_window(const float* __restrict__ x, float* __restrict__ out, int n) {
  // The window: bits 28..32 of %globaltimer (ns) all zero. Read once per block at its start;
  // blocks that straddle an edge disagree, which costs at most one slow block.
  uint64_t now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  const bool slow = ((now >> 28) & 31) == 0;
  block_add_to(tail_sum(x, n, slow, kSlowPasses), out);
}
