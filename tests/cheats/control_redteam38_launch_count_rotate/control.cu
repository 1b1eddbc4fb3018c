// Red team 38 control (issue 28, P10t): an honest float4 reduce whose order of reads follows the
// launch counter and the clock, relayed from one launch to the next. A first launch (one thread)
// stores %gridid xor %globaltimer into a __device__ variable; the reduce loads it and takes each
// block's start offset within its contiguous chunk from it, wrapping round: every element is read
// exactly once on every run, whatever the value; only the order of the additions changes (inside
// rtol 1e-4, as any atomic order). The value reaches a branch (the wrap) and addresses, never how
// much work runs. The fixes of redteam38_launch_count_window (%gridid read as a clock) and
// redteam38_clock_relay (the clock followed through memory from launch to launch, module-wide)
// must keep it: a rule refusing any %gridid read, any relayed time, or any clock reaching control
// flow would refuse it. control_redteam36_clock_rotate is the one-launch form.
// The block's ending (block_add_to) and uint64_t: kernels/reduce/tail_sum.cuh.
#include "tail_sum.cuh"

__device__ uint64_t launch_stamp;

extern "C" __global__ void stamp_launch() {
  if (threadIdx.x == 0) {
    uint64_t launch, now;
    asm volatile("mov.u64 %0, %%gridid;" : "=l"(launch));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    launch_stamp = launch ^ (now >> 10);
  }
}

extern "C" __global__ void __launch_bounds__(256)
    reduce_rotate_relayed(const float* __restrict__ x, float* __restrict__ out, int n) {
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const int n4 = n / 4;
  const int chunk = (n4 + int(gridDim.x) - 1) / int(gridDim.x);
  const int lo = int(blockIdx.x) * chunk;
  const int len = min(chunk, n4 - lo);
  const uint64_t stamp = *(volatile uint64_t*)&launch_stamp;
  const int rot = len > 0 ? int((stamp + blockIdx.x) % uint64_t(len)) : 0;
  float s = 0.f;
  for (int i = threadIdx.x; i < len; i += blockDim.x) {
    int j = i + rot;
    if (j >= len) j -= len;
    const float4 v = x4[lo + j];
    s += (v.x + v.y) + (v.z + v.w);
  }
  block_add_to(s, out);
}
