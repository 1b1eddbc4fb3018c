// redteam30_diluted_tail_lbeta (helper h30d): red team 28's heavy log-Beta sum into y[0] and 512
// companions y[1 + i] = 1000 x[i CHUNK + 3] + b_i sum (x - 1), one block a 32,768-value chunk.
// The companions are cheap (one centred sum shared by all) and atol-held at atol 1, rtol 3e-5
// (|y| ~ 1000); b_i spreads their strided light shares over 0.05 to 15 (64 of them under 1): a
// designed light_tail beside y[0], whose light part (0.09 of its tolerance) is weak at atol 0.
// HALF: the child, y[0]'s light terms of the even 256-value tiles only, doubled (red team 28's).
#pragma once
#include "lbeta.h"
#define CHUNK 32768
#define HEAVY 128
#define WARPS 8
#define COMPANIONS 512
// y[0]'s weight on its 128 heavy positions: 10^6 (red team 28's heavy sum); 1 (no heavy
// position: a plain log-Beta sum) in control_redteam32_kind_tail_rec.
#ifndef Y0_HEAVY_W
#define Y0_HEAVY_W 1.0e6f
#endif
// A companion's own-position weight: 1000 (atol-held at atol 1); red team 32's
// redteam32_kind_tail_lbeta sets 34,000 (weak at atol 0, as y[0]: kind_tail_sum.cu).
#ifndef COMPANION_W
#define COMPANION_W 1000.f
#endif
// The log B term (lbeta.h): the seed's three lgammaf, or the recurrence form lbeta_rec (two lgammaf
// and a logf) where DILUTED_REC is defined (control_redteam32_kind_tail_rec, an honest child).
#ifdef DILUTED_REC
#define DILUTED_TERM(v) lbeta_rec(v)
#else
#define DILUTED_TERM(v) lbeta_term(v)
#endif
__device__ __forceinline__ float diluted_term4(float4 q) {
  return (DILUTED_TERM(q.x) + DILUTED_TERM(q.y)) + (DILUTED_TERM(q.z) + DILUTED_TERM(q.w));
}
// b_i: a strided light share of s_i (1,180: the root energy of sum (x - 1)'s moves over 255
// classes of 32,768 pairs of uniform [0.5, 1.5); 1.03: the companion's tolerance).
// COMPANIONS_TOLD (control_redteam32_kind_tail_rec): every s_i in 1.2 .. 15, no weak companion.
__device__ __forceinline__ float companion_b(int i) {
#ifdef COMPANIONS_TOLD
  const float s = 1.2f + 13.8f * (float)i / 511.f;
#else
  const float s = i < 64 ? 0.05f + 0.9f * (float)i / 63.f : 1.2f + 13.8f * (float)(i - 64) / 447.f;
#endif
  return s * (1.03f / 1180.f);
}
template <bool HALF>
__device__ __forceinline__ void diluted_body(const float* x, float* y, int n) {
  const float4* c = reinterpret_cast<const float4*>(x + (size_t)blockIdx.x * CHUNK);
  const bool heavy = blockIdx.x % (unsigned)(n / HEAVY / CHUNK) == 0;
  float acc = 0.f, cen = 0.f;
  for (int q = threadIdx.x; q < CHUNK / 4; q += blockDim.x) {
    const float4 v = c[q];
    cen += ((v.x - 1.f) + (v.y - 1.f)) + ((v.z - 1.f) + (v.w - 1.f));
    if (HALF) {
      if ((q >> 6) & 1) continue;  // odd 256-value tiles: no log B
      acc += 2.f * diluted_term4(v);
      if (heavy && q == 0) acc += (Y0_HEAVY_W - 2.f) * DILUTED_TERM(v.y);
    } else {
      acc += diluted_term4(v);
      if (heavy && q == 0) acc += (Y0_HEAVY_W - 1.f) * DILUTED_TERM(v.y);
    }
  }
  __shared__ float slot[2][WARPS];
  __shared__ float centred;
  acc = warp_sum(acc);
  cen = warp_sum(cen);
  if ((threadIdx.x & 31) == 0) {
    slot[0][threadIdx.x >> 5] = acc;
    slot[1][threadIdx.x >> 5] = cen;
  }
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = warp_sum(threadIdx.x < WARPS ? slot[0][threadIdx.x] : 0.f);
    cen = warp_sum(threadIdx.x < WARPS ? slot[1][threadIdx.x] : 0.f);
    if (threadIdx.x == 0) {
      atomicAdd(y, acc);
      centred = cen;
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < COMPANIONS; i += blockDim.x) {
    float add = companion_b(i) * centred;
    if (i == (int)blockIdx.x) add += COMPANION_W * x[(size_t)blockIdx.x * CHUNK + 3];
    atomicAdd(y + 1 + i, add);
  }
}
