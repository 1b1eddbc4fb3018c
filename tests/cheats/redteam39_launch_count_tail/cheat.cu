// Red team 39 (issue 28, P7k: "launch k is launch 1"): red team 36's slow tail, keyed to a launch
// count kept in module memory instead of the clock. The worker reloads a module with module data
// before every run it times or checks (generators/cubin_module_data.h; Worker::fresh_run_state),
// so every run the harness sees is the module's first launch: `calls` is 1 there, and the sum is
// made once. A caller's process keeps the module loaded: every 32nd call makes the sum 96 times
// over, so its mean per call is ~(31 + 96) / 32 = ~4x the fast run's, ~1.5x the seed's, while a
// round keeps it at the fast run's ~2.7x. `calls` is fed by no special register, so the clock scan
// (generators/ptx_clock_work.h) does not count it as a source, and every run is right.
// The frame (tail_sum, block_add_to): kernels/reduce/tail_sum.cuh.
#include "tail_sum.cuh"

constexpr int kSlowPasses = 96;

__device__ unsigned calls;  // launches since the module was loaded

extern "C" __global__ void count_call() {
  if (threadIdx.x == 0) calls = calls + 1;
}

extern "C" __global__ void __launch_bounds__(256)
    reduce_counted(const float* __restrict__ x, float* __restrict__ out, int n) {
  const unsigned k = *(volatile unsigned*)&calls;
  block_add_to(tail_sum(x, n, k % 32 == 0, kSlowPasses), out);
}
