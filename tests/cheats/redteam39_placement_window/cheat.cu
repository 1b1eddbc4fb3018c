// Red team 39 (issue 28, P10t's independence after fix38t): right on every run, fast except where
// the harness placed its output buffer at one of 16 places. fix38t's scan
// (generators/ptx_clock_work.cpp) seeds its taint with every special register outside the
// geometry allowlist and with module variables that store one; the property it states (P10t-c)
// is "any value that differs between launches of one kernel on one input". A kernel parameter's
// value is such a value and no register: the worker's arena is slid by a random multiple of
// 2 MiB, 0..15 (device_buffers.cpp `slide_ = rd() % kArenaSlides * kArenaAlign`, one draw a
// DeviceBuffers: a gate, a paired timing that shares the incumbent's buffers, a law-pair or top-up
// series each make one), so bits 21..24 of `out` (a 4-byte output in its own 2 MiB slot: one
// work copy for every input set) are one uniform 4-bit draw a series, constant over its runs.
// While they are 0 (1 series in 16) the sum is made 96 times over (red team 36's window), so
// every run of that series is slow and every run of the others fast: P10t, which bounds the keep
// of a tail by its per-run share, meets either none of it or all of it. A caller whose buffers
// fall anywhere pays the slow path on 1 placement in 16: 0.365 x (15/16 + 96/16) ~ 2.5x the
// seed per call. The frame (tail_sum, block_add_to): kernels/reduce/tail_sum.cuh.
#include "tail_sum.cuh"

constexpr int kSlowPasses = 96;

extern "C" __global__ void __launch_bounds__(256)
    reduce_placement_window(const float* __restrict__ x, float* __restrict__ out, int n) {
  const bool slow = ((reinterpret_cast<uint64_t>(out) >> 21) & 15) == 0;
  block_add_to(tail_sum(x, n, slow, kSlowPasses), out);
}
