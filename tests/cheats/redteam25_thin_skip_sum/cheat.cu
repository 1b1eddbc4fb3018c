// redteam25_thin_skip_sum child: red team 7's seed with one float4 tile in 16 skipped (tiles 15
// and 31 of each chunk) and the block's sum scaled by 16/15: 1/16 of the lgammaf. The spec's
// tolerance (rtol 1e-5) is one the tolerance lint accepts: set 0's 1-in-2 echo moves the sum by
// ~1.5 tolerances. A 1-in-16 skip errs by sqrt(1/15) ~ 0.26 of the echo's spread, inside the
// tolerance on almost every verified run. White-box notes: README.md.
#include "lbeta.h"
#define BLOCK 256
#define TILES 32
#define EVERY 16
extern "C" __global__ void __launch_bounds__(BLOCK)
    lbeta_sum_skip(const float* x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)blockIdx.x * TILES * BLOCK;
  float v = 0.0f;
#pragma unroll 5
  for (int t = 0; t < TILES; ++t)
    if (t % EVERY != EVERY - 1) v += lbeta4(c[t * BLOCK + tid]);
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, v * (float(EVERY) / float(EVERY - 1)));
  }
}
