// redteam29_sorted_loud_head_boys child: red team 28's redteam28_sorted_mean_boys child for out[0]
// and out[1] (10^5 x the sum of x_0..x_31) exact. h28u's midpoint echo moves out[0] by 0.015-0.020
// of atol 0.1 and out[1] by hundreds; the model echo keeps the output's largest element share.
// Red team 28's words follow. 16 threads take 8 consecutive values (two float4) and add
// 8 f(their mean), one exponent each: 1/8 of the exponentials, every byte still read (16 threads
// a group keep the seed's parallelism: one thread a group would be latency-bound). On sorted data
// the 8 values lie within ~4e-4 of each other, so the term is off by f'' x their variance: ~0.006 of
// the tolerance in all. The lint's echo of a sorted input (a neighbour's copy, one gap down or
// up for every pair) moves the sum by ~(f(0) - f(4)) / 2, a first-order move that no mean makes.
// White-box notes: README.md.
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

extern "C" __global__ void __launch_bounds__(256) boys16_head_mean8(const float* x, float* out,
                                                                   int n) {
  __shared__ float part[8];
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int g = t >> 4, k = t & 15;  // 16 threads a group of 8 values, one exponent each
  float v = 0.0f;
  if (t < 32 && t < n) atomicAdd(out + 1, 1.0e5f * x[t]);
  if (8 * g + 8 <= n) {
    const float4 p = reinterpret_cast<const float4*>(x)[2 * g];
    const float4 q = reinterpret_cast<const float4*>(x)[2 * g + 1];
    const float s = ((p.x + p.y) + (p.z + p.w)) + ((q.x + q.y) + (q.z + q.w));
    v = 0.5f * boys_quad((1.0f + k) * (s * 0.125f));  // 8 x f(mean) / 16 exponents
  } else if (k == 0) {
    for (int i = 8 * g; i < n; ++i) v += boys16(x[i]);  // a tail of fewer than 8
  }
  v = warp_sum(v);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = warp_sum(threadIdx.x < 8 ? part[threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) atomicAdd(out, v);
  }
}
