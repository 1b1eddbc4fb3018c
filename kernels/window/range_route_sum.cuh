// Red team 14's honest range route (tests/cheats/control_redteam14_range_route_normal and
// control_redteam14_range_route_uniform; `kernels: [window]`), a whole kernel: a block whose first
// tile lies inside the law (the including file's `in_law(float)`) weighs all 32 tiles with the
// Kaiser window in FP32 (cyl_bessel_i0f) and FP32 sums; any other block takes the seed's path,
// the window in FP64. Exact to the tolerance on every input whatever route it takes.
#pragma once
#include "kaiser.h"
#define BLOCK 256
#define TILES 32
__device__ __forceinline__ float kaiser_wf(long long i, long long n) {
  const float t = 2.0f * (float)i / (float)(n - 1) - 1.0f;
  return cyl_bessel_i0f(2.0f * sqrtf(fmaxf(0.0f, 1.0f - t * t))) * (1.0f / 2.2795853f);
}
__device__ __forceinline__ float kaiser_dot4f(float4 q, long long i, long long n) {
  return (q.x * kaiser_wf(i, n) + q.y * kaiser_wf(i + 1, n)) +
         (q.z * kaiser_wf(i + 2, n) + q.w * kaiser_wf(i + 3, n));
}
extern "C" __global__ void __launch_bounds__(BLOCK)
    kaiser_sum_route(const float* x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const long long base = (long long)blockIdx.x * TILES * BLOCK * 4;
  const float4* c = reinterpret_cast<const float4*>(x + base);
  const float4 q0 = c[tid];
  const bool odd = !(in_law(q0.x) && in_law(q0.y) && in_law(q0.z) && in_law(q0.w));
  const bool wide = __syncthreads_or(odd) != 0;
  float v = 0.0f;
  if (wide) {
#pragma unroll 2
    for (int t = 0; t < TILES; ++t)
      v += kaiser_dot4(c[t * BLOCK + tid], base + 4ll * (t * BLOCK + tid), n);
  } else {
#pragma unroll 4
    for (int t = 0; t < TILES; ++t)
      v += kaiser_dot4f(c[t * BLOCK + tid], base + 4ll * (t * BLOCK + tid), n);
  }
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, v);
  }
}
