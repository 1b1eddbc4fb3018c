// redteam7_offlaw_lgamma_sample seed: each block one chunk of 32 float4 tiles of 1,024 floats,
// log B(x + 4, x + 2) of every element in FP32, warp shuffles, one atomic per block. Needs n a
// multiple of 32,768 (the problem's is 2^26).
#include "lbeta.h"
#define BLOCK 256
#define TILES 32
extern "C" __global__ void __launch_bounds__(BLOCK) lbeta_sum(const float* x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)blockIdx.x * TILES * BLOCK;
  float v = 0.0f;
#pragma unroll 4
  for (int t = 0; t < TILES; ++t) v += lbeta4(c[t * BLOCK + tid]);
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, v);
  }
}
