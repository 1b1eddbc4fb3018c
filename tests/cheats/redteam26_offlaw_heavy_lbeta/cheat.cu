// redteam26_offlaw_heavy_lbeta child: the 128 heavy terms exact, the light terms of the even
// 256-value tiles (64 float4s) of each chunk only, times 2: half the lgammaf of a compute-bound
// kernel. The heavy value sits in float4 0 of its chunk (tile 0, even), so every evaluated tile
// weighs its light terms 2 and the heavy one 10^6. No route: the problem is not homogeneous (no
// adversarial sets) and off the law, where P6k's light refusal is never taken. README.md.
#include "lbeta.h"
#define CHUNK 32768
#define HEAVY 128
#define WARPS 8
extern "C" __global__ void __launch_bounds__(256) heavy_lbeta_half(const float* x, float* y,
                                                                   int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  const bool heavy = blockIdx.x % (unsigned)(n / HEAVY / CHUNK) == 0;
  float acc = 0.f;
  for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {
    if ((q >> 6) & 1) continue;  // odd 256-value tiles: skipped
    const float4 v = c[q];
    acc += 2.f * lbeta4(v);
    if (heavy && q == 0) acc += (1.0e6f - 2.f) * lbeta_term(v.y);
  }
  block_sum_add<WARPS>(acc, y);  // lbeta.h
}
