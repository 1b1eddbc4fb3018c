// The seed: out[0] = sum_i F0(30 |p_i - i| / n) + sum_{i<32} p_i over a permutation p, F0 by
// 64-interval Simpson (65 exponentials, boys_quad.cuh). A block takes 8192 elements (32 a thread,
// coalesced), the first 32 threads add p_i too, its sum by warp shuffles, one atomicAdd a block.
// Why 8192: the sum is ~2.9e8 (the head), where FP32's step is 32; a block's partial of 256 terms
// (~93 +- 4) would round the same way at nearly every atomicAdd (a bias of ~+5 a block, ~0.5 of
// the tolerance over 65,536 blocks), while partials of 8192 (~3,000 +- 23) round evenly.
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(256) inner_head(const int* p, float* out, int n) {
  __shared__ float part[8];
  float v = 0.0f;
  for (int k = 0; k < 32; ++k) {
    const int i = blockIdx.x * 8192 + k * 256 + threadIdx.x;
    if (i < n) v += boys_quad(30.0f * (float)abs(p[i] - i) / (float)n);
    if (i < 32 && i < n) v += (float)p[i];
  }
  v = warp_sum(v);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = warp_sum(threadIdx.x < 8 ? part[threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) atomicAdd(out, v);
  }
}
