// Red team 36 control (issue 28): an honest float4 reduce whose order of reads follows the clock.
// Each block sums its own contiguous chunk of x, starting at an offset within the chunk taken
// from %globaltimer (read once by thread 0, shared with the block) and wrapping round: every
// element is read exactly once on every run, whatever the clock says; only the order of the
// additions changes (inside rtol 1e-4, as any atomic reduction's order does). The clock reaches a
// branch (the wrap) and an address, never how much work runs. A fix of
// redteam36_clock_window_tail that refused every clock value reaching control flow would refuse
// this kernel; the fix proposed (docs/reliability.md "Red team, round 36") must keep it.
// The block's ending (block_add_to) and uint64_t: kernels/reduce/tail_sum.cuh.
#include "tail_sum.cuh"

extern "C" __global__ void __launch_bounds__(256)
    reduce_rotate(const float* __restrict__ x, float* __restrict__ out, int n) {
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const int n4 = n / 4;
  const int chunk = (n4 + int(gridDim.x) - 1) / int(gridDim.x);
  const int lo = int(blockIdx.x) * chunk;
  const int len = min(chunk, n4 - lo);
  __shared__ int rot;
  if (threadIdx.x == 0) {
    uint64_t now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    rot = len > 0 ? int((now >> 10) % uint64_t(len)) : 0;
  }
  __syncthreads();
  float s = 0.f;
  for (int i = threadIdx.x; i < len; i += blockDim.x) {
    int j = i + rot;
    if (j >= len) j -= len;
    const float4 v = x4[lo + j];
    s += (v.x + v.y) + (v.z + v.w);
  }
  block_add_to(s, out);
}
