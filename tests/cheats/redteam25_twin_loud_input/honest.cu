// redteam25_twin_loud_input seed: red team 16's twin seed (kernels/lbeta/twin_sum.cu: one
// 32,768-element chunk of 32 float4 tiles a block, three lgammaf an element in FP32, the chunk's
// mean of x from the same pass, one atomic a block) with z's 16 values added by block 0.
#include "lbeta.h"
#define BLOCK 256
#define TILES 32
#define LOUD 16
extern "C" __global__ void __launch_bounds__(BLOCK)
    twin_loud_sum(const float* x, const float* z, float* out, float* chunk_mean, int n) {
  __shared__ float part[2][BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)blockIdx.x * TILES * BLOCK;
  float v = blockIdx.x == 0 && tid < LOUD ? z[tid] : 0.0f, s = 0.0f;
#pragma unroll 4
  for (int t = 0; t < TILES; ++t) {
    const float4 q = c[t * BLOCK + tid];
    v += lbeta4(q);
    s += (q.x + q.y) + (q.z + q.w);
  }
  v = warp_sum(v);
  s = warp_sum(s);
  if (lane == 0) part[0][warp] = v, part[1][warp] = s;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[0][lane] : 0.0f);
    s = warp_sum(lane < BLOCK / 32 ? part[1][lane] : 0.0f);
    if (lane == 0) {
      atomicAdd(out, v);
      chunk_mean[blockIdx.x] = s * (1.0f / (TILES * BLOCK * 4));
    }
  }
}
