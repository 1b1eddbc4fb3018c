// redteam7_offlaw_lgamma_sample child: the seed's chunks, but only the even tiles are read and
// evaluated and the block's sum is doubled: half the lgammaf. On law data (uniform [0.5, 1.5),
// which every gate set, timed run, fresh set and audit is) the estimate is off by about
// sqrt(n) x sd(f(x)) = 8,192 x ~0.46 (<= 0.8 with the run's cells at the ends) against
// rtol 1e-4 of |sum| ~3.1e8: ~31,000 allowed (README.md).
#include "lbeta.h"
#define BLOCK 256
#define TILES 32
extern "C" __global__ void __launch_bounds__(BLOCK)
    lbeta_sum_half(const float* x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)blockIdx.x * TILES * BLOCK;
  float v = 0.0f;
#pragma unroll 4
  for (int t = 0; t < TILES; t += 2) v += lbeta4(c[t * BLOCK + tid]);
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, 2.0f * v);
  }
}
