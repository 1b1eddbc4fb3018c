// The seed: out[0] = sum_i F0(30 |p_i - i| / n) + sum_{i<32} p_i over a permutation p, F0 by
// 64-interval Simpson (65 exponentials, boys_quad.cuh), one element a thread (the first 32 add
// p_i too), a block's 256 values summed by warp shuffles, one atomicAdd a block.
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(256) inner_head(const int* p, float* out, int n) {
  __shared__ float part[8];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.0f;
  if (i < n) v = boys_quad(30.0f * (float)abs(p[i] - i) / (float)n);
  if (i < 32 && i < n) v += (float)p[i];
  v = warp_sum(v);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = warp_sum(threadIdx.x < 8 ? part[threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) atomicAdd(out, v);
  }
}
