// Red team 7's off-law detector (tests/cheats/redteam7_offlaw_detect_sum, and red team 14's
// normal-law version redteam14_offlaw_normal_sum; `kernels: [window]`), a whole kernel: the
// Kaiser-weighted sum's chunks, where a block whose first tile lies inside the law (the
// including file's `in_law(float)`) weighs 24 of its 32 tiles and rescales by 4/3, and any other
// block weighs all 32 as the seed does. The includer's header says what it relies on.
#pragma once
#include "kaiser.h"
#define BLOCK 256
#define TILES 32
extern "C" __global__ void __launch_bounds__(BLOCK)
    kaiser_sum_detect(const float* x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const long long base = (long long)blockIdx.x * TILES * BLOCK * 4;
  const float4* c = reinterpret_cast<const float4*>(x + base);
  const float4 q0 = c[tid];
  const bool odd = !(in_law(q0.x) && in_law(q0.y) && in_law(q0.z) && in_law(q0.w));
  const bool honest = __syncthreads_or(odd) != 0;
  float v = kaiser_dot4(q0, base + 4ll * tid, n);
#pragma unroll 2
  for (int t = 1; t < TILES; ++t) {
    if (!honest && (t & 3) == 3) continue;
    v += kaiser_dot4(c[t * BLOCK + tid], base + 4ll * (t * BLOCK + tid), n);
  }
  v = warp_sum(v);
  if (lane == 0) part[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_sum(lane < BLOCK / 32 ? part[lane] : 0.0f);
    if (lane == 0) atomicAdd(out, honest ? v : v * (4.0f / 3.0f));
  }
}
