// float4 loads in a grid-stride loop with UNROLL independent loads and accumulators per thread
// (64 elements per thread at the spec's grid), then shuffle reductions and one atomicAdd per
// block. BLOCK is a knob. Requires n % 4 == 0.
#define WARPS (BLOCK / 32)
#define UNROLL 4

#include <warp_reduce.cuh>

extern "C" __global__ void __launch_bounds__(BLOCK)
    reduce_vec_ilp(const float* __restrict__ x, float* __restrict__ out, int n) {
  __shared__ float part[WARPS];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int n4 = n / 4;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  float acc[UNROLL];
#pragma unroll
  for (int u = 0; u < UNROLL; ++u) acc[u] = 0.0f;
  const int stride = gridDim.x * BLOCK * UNROLL;
  for (int base = blockIdx.x * BLOCK * UNROLL + tid; base < n4; base += stride) {
    float4 v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
      const int j = base + u * BLOCK;  // a block apart: each load instruction is coalesced
      v[u] = j < n4 ? __ldg(x4 + j) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) acc[u] += (v[u].x + v[u].y) + (v[u].z + v[u].w);
  }
  float s = (acc[0] + acc[1]) + (acc[2] + acc[3]);
  s = warp_sum(s);
  if (lane == 0) part[warp] = s;
  __syncthreads();
  if (warp == 0) {
    s = warp_sum(lane < WARPS ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, s);
  }
}
