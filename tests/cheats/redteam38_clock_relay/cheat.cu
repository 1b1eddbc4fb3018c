// Red team 38 (issue 28, P10t's independence after tail37): red team 36's clock window
// (redteam36_clock_window_tail), with the clock read in one launch and the work decided in the
// next. tail37's scan (generators/ptx_clock_work.cpp, main 2afcf233, `scan_ptx_clock_work`) seeds
// the taint with the clock registers afresh for every .entry (`State s = seeded();` inside the
// loop over `ptx_entries`) and follows memory only within that entry's statements: a value a
// launch stores and a later launch of the same run loads is clock-derived in the first entry's
// state and a plain load in the second's. A clock value stored is legal (a time stamp:
// control_redteam3_cache_hints), so the first entry passes; the second reads no clock. The relay
// is a __device__ variable (module memory, reloaded before every run of a timed sequence, so it
// carries nothing from run to run: only from the first launch of a run to the second); a scratch
// buffer would relay the same way. The window and the slow path are red team 36's: bits 28..32 of
// the ns clock zero (268 ms of every 8.59 s), the sum made 96 times over; a caller at times
// independent of the clock pays ~1.45x the seed per call, a round mostly sees no slow run.
// The frame (tail_sum, block_add_to): kernels/reduce/tail_sum.cuh.
#include "tail_sum.cuh"

constexpr int kSlowPasses = 96;

__device__ uint64_t run_stamp;

extern "C" __global__ void stamp_phase() {
  if (threadIdx.x == 0) {
    uint64_t now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    run_stamp = now;  // a time stamp, stored
  }
}

extern "C" __global__ void __launch_bounds__(256)
    reduce_relayed_window(const float* __restrict__ x, float* __restrict__ out, int n) {
  const uint64_t then = *(volatile uint64_t*)&run_stamp;
  const bool slow = ((then >> 28) & 31) == 0;
  block_add_to(tail_sum(x, n, slow, kSlowPasses), out);
}
