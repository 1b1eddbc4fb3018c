// Red team 38 (issue 28, P10t's independence after tail37): right on every run, fast except inside
// a window of a counter that every launch of the context advances. tail37's scan
// (generators/ptx_clock_work.cpp, main 2afcf233) refuses work that follows %globaltimer,
// %globaltimer_lo/_hi, %clock, %clock_hi or %clock64 (`clock_registers()`), and returns at once
// where the PTX names neither "%clock" nor "%globaltimer". PTX has another special register that
// no reload, scrub or redraw resets and that moves with time as the harness spends it: %gridid,
// "the temporal grid launch number for this context" (PTX ISA, special registers), 64 bits. A
// round's timed runs are a few hundred consecutive launches of one context, so they see one
// stretch of the counter, however many runs there are: the clock window's class with the
// launches as the clock. The window: bits 12..16 of %gridid all zero, 4,096 launches in every
// 131,072 (1/32). A caller whose calls fall anywhere on the counter pays the slow path on 1 call
// in 32: 0.365 x (31/32 + 96/32) ~ 1.45x the seed per call.
// Unverified without a GPU: that %gridid counts launches on the H100/H200 with this driver (the
// probe prints it over consecutive launches, module reloads and two contexts first; where it does
// not count, the child is either always fast -- an honest 2.7x -- or always slow, rejected).
// The frame (tail_sum, block_add_to): kernels/reduce/tail_sum.cuh.
#include "tail_sum.cuh"

constexpr int kSlowPasses = 96;

extern "C" __global__ void __launch_bounds__(256)
    reduce_launch_window(const float* __restrict__ x, float* __restrict__ out, int n) {
  uint64_t launch;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(launch));
  const bool slow = ((launch >> 12) & 31) == 0;
  block_add_to(tail_sum(x, n, slow, kSlowPasses), out);
}
