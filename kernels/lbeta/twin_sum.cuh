// Red team 16's twin-output lbeta sum as a whole kernel (issue 33: the seed twin_sum.cu,
// tests/cheats/control_redteam16_twin_output_recurrence's child and redteam25_twin_loud_input's
// seed carried the same kernel): one 32,768-element chunk of 32 float4 tiles a block, the term of
// each element summed in FP32 beside the chunk's sum of x, warp shuffles, one atomic a block and
// the chunk's mean of x (twin_finish: also red team 16's and 25's sampling cheats' ending). Needs
// n a multiple of 32,768. The includer defines before it includes:
//   TWIN_ENTRY          the entry's name (undefined: twin_finish alone, no kernel)
//   TWIN_TERM4(q)       the term of a float4 q of x (default lbeta4(q): three lgammaf an element)
//   TWIN_PARAMS         parameters between x and out, each with its comma (default none)
//   TWIN_V0             a thread's starting term sum (default 0.0f; `tid` is the thread)
#pragma once
#include "lbeta.h"
#define BLOCK 256
#define TILES 32
// The block's ending: the term sums v (times out_scale) added to *out with one atomic, the sums of
// x s as the chunk's mean; lane and warp are the thread's. Every thread of the block calls it.
__device__ __forceinline__ void twin_finish(float v, float s, int lane, int warp, float* out,
                                            float* chunk_mean, float out_scale) {
  __shared__ float part[2][BLOCK / 32];
  v = warp_sum(v);
  s = warp_sum(s);
  if (lane == 0) part[0][warp] = v, part[1][warp] = s;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[0][lane] : 0.0f);
    s = warp_sum(lane < BLOCK / 32 ? part[1][lane] : 0.0f);
    if (lane == 0) {
      atomicAdd(out, v * out_scale);
      chunk_mean[blockIdx.x] = s * (1.0f / (TILES * BLOCK * 4));
    }
  }
}
#ifdef TWIN_ENTRY
#ifndef TWIN_TERM4
#define TWIN_TERM4(q) lbeta4(q)
#endif
#ifndef TWIN_PARAMS
#define TWIN_PARAMS
#endif
#ifndef TWIN_V0
#define TWIN_V0 0.0f
#endif
extern "C" __global__ void __launch_bounds__(BLOCK)
    TWIN_ENTRY(const float* x, TWIN_PARAMS float* out, float* chunk_mean, int n) {
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const float4* c = reinterpret_cast<const float4*>(x) + (size_t)blockIdx.x * TILES * BLOCK;
  float v = TWIN_V0, s = 0.0f;
#pragma unroll 4
  for (int t = 0; t < TILES; ++t) {
    const float4 q = c[t * BLOCK + tid];
    v += TWIN_TERM4(q);
    s += (q.x + q.y) + (q.z + q.w);
  }
  twin_finish(v, s, lane, warp, out, chunk_mean, 1.0f);
}
#endif
