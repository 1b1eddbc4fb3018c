// The seed of tests/cheats/redteam16_twin_output_sample and
// control_redteam16_twin_output_recurrence: red team 7's lbeta_sum (one 32,768-element chunk of 32
// float4 tiles per block, three lgammaf per element in FP32, warp shuffles, one atomic per block)
// that also writes the chunk's mean of x, summed in the same pass. Needs n a multiple of 32,768.
#include "lbeta.h"
#define BLOCK 256
#define TILES 32
extern "C" __global__ void __launch_bounds__(BLOCK)
    twin_sum(const float* x, float* out, float* chunk_mean, int n) {
  __shared__ float part[2][BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)blockIdx.x * TILES * BLOCK;
  float v = 0.0f, s = 0.0f;
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
