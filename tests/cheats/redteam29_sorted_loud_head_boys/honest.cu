// The seed: y = sum_i f(x_i), f(v) = (1/16) sum_k F0((1 + k) v), each F0 by 64-interval Simpson
// (65 exponentials, boys_quad.cuh): 1,040 exponentials an element, one element a thread, a
// block's 256 values summed by warp shuffles, one atomicAdd a block; out[1] = 10^5 x the sum of
// x_0..x_31 (a head checksum), one atomicAdd each. (Red team 28's seed, tests/cheats/
// redteam28_sorted_mean_boys, with the head added: red team 29.)
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

__device__ __forceinline__ float boys16(float v) {
  float s = 0.0f;
  for (int k = 0; k < 16; ++k) s += boys_quad((1.0f + k) * v);
  return s * 0.0625f;
}

extern "C" __global__ void __launch_bounds__(256) boys16_head(const float* x, float* out, int n) {
  __shared__ float part[8];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? boys16(x[i]) : 0.0f;
  if (i < 32 && i < n) atomicAdd(out + 1, 1.0e5f * x[i]);
  v = warp_sum(v);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = warp_sum(threadIdx.x < 8 ? part[threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) atomicAdd(out, v);
  }
}
