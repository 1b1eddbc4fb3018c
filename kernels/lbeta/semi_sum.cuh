// Red team 32's redteam32_semi_heavy_lbeta: y = sum_i f(x_i) + sum_{k < 128} V_k f(x[2 j_k + 1]),
// f = log B(x + 4, x + 2) (lbeta.h), one heavy pair at each odd strided residue 2k + 1, the pairs
// j_k and weights V_k in semi_heavy_table.h (made from the harness's public set 0 by
// build/tests/engine/red32_sim semi_table 24: each heavy class moves set 0's y by 10 x the median
// class's energy, under P6k's 16 x dominance bar). HALF: the child, the plain sum from the even
// 256-value tiles only, doubled; the heavy terms always exact. A grid-stride loop over float4s,
// one FP32 atomicAdd a block.
#pragma once
#include "lbeta.h"
#include "semi_heavy_table.h"
template <bool HALF>
__device__ __forceinline__ void semi_body(const float* x, float* y, int n) {
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const float4* c = reinterpret_cast<const float4*>(x);
  float acc = 0.f;
  for (long long q = g; q < n / 4; q += (long long)gridDim.x * blockDim.x) {
    if (HALF && ((q >> 6) & 1)) continue;  // odd 256-value tiles: no log B
    acc += lbeta4(c[q]);
  }
  if (HALF) acc *= 2.f;
  if (g < SEMI_HEAVY) acc += semi_v[g] * lbeta_term(x[2 * semi_j[g] + 1]);
  block_sum_add<8>(acc, y);
}
