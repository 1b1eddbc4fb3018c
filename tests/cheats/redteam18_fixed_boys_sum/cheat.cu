// Red team 18 (issue 28): the seed on every other block of 256 elements, its sum counted twice.
// On i.i.d. draws of U[0, 1) the estimate is off by ~2e-5 of the sum (sd; F0 spans only
// [0.747, 1], so a tile's sum varies little), under rtol 1e-4, and x is declared dist_fixed:
// every timed run, the fresh set and the audits are i.i.d. draws of the law (P6a), no
// adversarial set touches it, and the tolerance lint echoed no dist_fixed input, so nothing
// tells it from the seed but its speed (~2x: half the exponentials).
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(256) boys_sum_half(const float* x, float* out,
                                                               int n) {
  if (blockIdx.x & 1) return;  // every other tile
  __shared__ float part[8];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? boys_quad(x[i]) : 0.0f;
  v = warp_sum(v);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = warp_sum(threadIdx.x < 8 ? part[threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) atomicAdd(out, 2.0f * v);
  }
}
