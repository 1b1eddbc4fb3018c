// control_redteam26_weighted_lbeta_{16,1e3} child (honest): the seed's pass over every element, log B(x + 4, x + 2)
// with one lgammaf fewer: lgamma(x + 4) = lgamma(x + 2) + log((x + 2)(x + 3)), so
// f = 2 lgamma(x + 2) + log((x + 2)(x + 3)) - lgamma(2x + 6): two lgammaf and a logf against the
// seed's three (control_redteam16_twin_output_recurrence's identity), FP32 throughout, the
// heavy term weighted w (the problem's scalar W) as in the seed.
#include "lbeta.h"
#define CHUNK 32768
#define HEAVY 128
#define WARPS 8
extern "C" __global__ void __launch_bounds__(256) heavy_lbeta_rec(const float* x, float* y, int n, float w) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  const bool heavy = blockIdx.x % (unsigned)(n / HEAVY / CHUNK) == 0;
  float acc = 0.f;
  for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {
    const float4 v = c[q];
    const float fy = lbeta_rec(v.y);
    acc += (lbeta_rec(v.x) + fy) + (lbeta_rec(v.z) + lbeta_rec(v.w));
    if (heavy && q == 0) acc += (w - 1.f) * fy;
  }
  block_sum_add<WARPS>(acc, y);
}
