// Red team 39 (issue 28, P10t's independence after fix38t): red team 36's %globaltimer window,
// relayed from one launch of a run to the next through the threads' own local frames. fix38t's
// clock taint (generators/ptx_clock_work.h) follows a source through registers, through memory
// within an entry, and through module variables across entries; "not followed: a value relayed
// between launches through a buffer the launches share". Local memory is neither: it is the
// context's per-thread area, addressed by hardware slot (SM, warp slot, lane), and the worker's
// local scrub (engine/backend/gpu/local_scrub.h) rewrites it before every *run*, not between the
// launches of one. A frame of the same size in two kernels of one module maps the same bytes of
// each slot (the scrub's own premise: "a kernel whose frame is the candidate's own size ...
// whatever per-launch stride the hardware gives a frame of that size, the same bytes").
// Launch 1 (every warp slot of every SM, 4,224 blocks of 256) stores %globaltimer and its
// complement in its 16-byte frame; launch 2, the float4 reduce, loads its frame before writing it
// and takes red team 36's window (bits 28..32 zero: 268 ms of every 8.59 s) where the pair is
// this run's tag (a slot launch 1 missed holds the scrub's one word twice: fast). In the window the
// sum is made 96 times over; right on every run. The frame (tail_sum, block_add_to):
// kernels/reduce/tail_sum.cuh.
#include "tail_sum.cuh"

constexpr int kSlowPasses = 96;

extern "C" __global__ void __launch_bounds__(256) stamp_frames() {
  unsigned long long frame[2];
  unsigned long long now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  const unsigned long long at = __cvta_generic_to_local(frame);
  asm volatile("st.local.u64 [%0], %1;\n\tst.local.u64 [%0+8], %2;" ::"l"(at), "l"(now),
               "l"(~now)
               : "memory");
}

extern "C" __global__ void __launch_bounds__(256)
    reduce_frame_window(const float* __restrict__ x, float* __restrict__ out, int n) {
  unsigned long long frame[2];
  unsigned long long t, u;
  const unsigned long long at = __cvta_generic_to_local(frame);
  asm volatile("ld.local.u64 %0, [%2];\n\tld.local.u64 %1, [%2+8];"
               : "=l"(t), "=l"(u)
               : "l"(at)
               : "memory");
  const bool slow = (t ^ u) == ~0ull && ((t >> 28) & 31) == 0;
  block_add_to(tail_sum(x, n, slow, kSlowPasses), out);
}
