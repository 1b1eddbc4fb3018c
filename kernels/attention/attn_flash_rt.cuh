// Register-tiled FP32 flash attention (CUDA cores), head dimension 64: the two products of each
// 64-key tile run as small GEMMs out of shared memory, not one query row per thread. 256 threads
// (16 x 16); a block owns BM = 16*TM query rows. Per key tile: S (BM x 64) = Q·K^T with each
// thread computing TM rows x 4 keys (Q^T and K^T in shared memory, so both operands are float4
// loads: TM/4 + 1 loads per 4*TM FMAs); the online softmax per row over the 16 lanes that share
// it (shuffles), P written transposed to shared memory; O (BM x 64) += P·V with each thread
// owning TM rows x 4 dimensions. The next tile's K and V are fetched into registers while the
// current one is computed (one barrier-separated store per tile; PREFETCH=0 loads it just
// before, for fewer registers). Row sums stay per thread and
// are reduced once at the end. CAUSAL (0/1) masks keys j > i and stops at the block's last row;
// BALANCE (causal only) gives each block query tile b and tile nq-1-b, so every block does the
// same work (no tail of heavy diagonal-far tiles). Strides as attn_flash.cuh; requires
// S % 64 == 0, S % BM == 0 (and an even S / BM with BALANCE). Knobs: TM (4, 8), MINB (the
// launch bound's blocks per SM), PREFETCH, BALANCE.
// (In the shared kernel library: attention and decoder_block both include it.)
#pragma once
#ifndef CAUSAL
#define CAUSAL 0
#endif
#ifndef TM
#define TM 8
#endif
#ifndef BALANCE
#define BALANCE 0
#endif
#ifndef PREFETCH
#define PREFETCH 1
#endif
#define RT_D 64
#define RT_BN 64
#define RT_BM (16 * TM)
#define RT_LDP (RT_BM + 4)

struct RtSmem {
  float q[RT_D][RT_BM];    // Q^T, pre-scaled by log2(e)/sqrt(64)
  float k[RT_D][RT_BN];    // K^T of the current tile
  float v[RT_BN][RT_D];    // V of the current tile
  float p[RT_BN][RT_LDP];  // P^T of the current tile
};

__device__ __forceinline__ void rt_tile(RtSmem& sm, const float* __restrict__ K,
                                        const float* __restrict__ V, float* __restrict__ O,
                                        const float* __restrict__ Q, long long base,
                                        long long obase, int qs, int os, int i0, int S) {
  const int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
  const float NEG_INF = -__int_as_float(0x7f800000);
  const float qscale = 0.125f * 1.4426950408889634f;
  __syncthreads();  // a previous tile's readers are done with sm.q
  // Q^T: consecutive threads take consecutive rows (conflict-free transposed stores).
#pragma unroll
  for (int u = tid; u < RT_BM * RT_D / 4; u += 256) {
    const int r = u % RT_BM, c = (u / RT_BM) * 4;
    const float4 x = *reinterpret_cast<const float4*>(Q + base + (long long)(i0 + r) * qs + c);
    sm.q[c][r] = x.x * qscale;
    sm.q[c + 1][r] = x.y * qscale;
    sm.q[c + 2][r] = x.z * qscale;
    sm.q[c + 3][r] = x.w * qscale;
  }
  // This thread's share of a K/V tile: 4 float4 of K (keys kr, dims kc..) and 4 of V.
  float4 kreg[4], vreg[4];
  auto fetch = [&](int j0) {
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const int u = tid + e * 256;
      const int kr = u % RT_BN, kc = (u / RT_BN) * 4;
      kreg[e] = *reinterpret_cast<const float4*>(K + base + (long long)(j0 + kr) * qs + kc);
      const int vr = u / 16, vc = (u % 16) * 4;
      vreg[e] = *reinterpret_cast<const float4*>(V + base + (long long)(j0 + vr) * qs + vc);
    }
  };
  auto store = [&]() {
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const int u = tid + e * 256;
      const int kr = u % RT_BN, kc = (u / RT_BN) * 4;
      sm.k[kc][kr] = kreg[e].x;
      sm.k[kc + 1][kr] = kreg[e].y;
      sm.k[kc + 2][kr] = kreg[e].z;
      sm.k[kc + 3][kr] = kreg[e].w;
      const int vr = u / 16, vc = (u % 16) * 4;
      *reinterpret_cast<float4*>(&sm.v[vr][vc]) = vreg[e];
    }
  };

  float o[TM][4], m[TM], l[TM];
#pragma unroll
  for (int i = 0; i < TM; ++i) {
    o[i][0] = o[i][1] = o[i][2] = o[i][3] = 0.f;
    m[i] = NEG_INF;
    l[i] = 0.f;
  }
  const int S_end = CAUSAL ? i0 + RT_BM : S;  // keys past the block's last row are all masked
  if (PREFETCH) fetch(0);
  for (int j0 = 0;; j0 += RT_BN) {
    if (!PREFETCH) fetch(j0);
    __syncthreads();  // the previous tile's K/V/P readers are done
    store();
    __syncthreads();
    const int jn = j0 + RT_BN;
    const bool more = jn < S_end;
    if (PREFETCH && more) fetch(jn);
    // S = Q·K^T (already in the exp2 domain).
    float s[TM][4];
#pragma unroll
    for (int i = 0; i < TM; ++i) s[i][0] = s[i][1] = s[i][2] = s[i][3] = 0.f;
#pragma unroll 8
    for (int d = 0; d < RT_D; ++d) {
      const float4 kv = *reinterpret_cast<const float4*>(&sm.k[d][tx * 4]);
#pragma unroll
      for (int i4 = 0; i4 < TM / 4; ++i4) {
        const float4 qv = *reinterpret_cast<const float4*>(&sm.q[d][ty * TM + i4 * 4]);
        const float qq[4] = {qv.x, qv.y, qv.z, qv.w};
#pragma unroll
        for (int a = 0; a < 4; ++a) {
          float* r = s[i4 * 4 + a];
          r[0] = fmaf(qq[a], kv.x, r[0]);
          r[1] = fmaf(qq[a], kv.y, r[1]);
          r[2] = fmaf(qq[a], kv.z, r[2]);
          r[3] = fmaf(qq[a], kv.w, r[3]);
        }
      }
    }
    // Online softmax: the row's 64 scores sit on 16 lanes (4 each).
#pragma unroll
    for (int i = 0; i < TM; ++i) {
      const int row = i0 + ty * TM + i;
      float mx = m[i];
#pragma unroll
      for (int c = 0; c < 4; ++c) {
        if (CAUSAL && j0 + tx * 4 + c > row) s[i][c] = NEG_INF;
        mx = fmaxf(mx, s[i][c]);
      }
      mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 1));
      mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 2));
      mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 4));
      mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 8));
      const float alpha = exp2f(m[i] - mx);  // key 0 is never masked: mx is finite
      m[i] = mx;
      float sum = 0.f;
#pragma unroll
      for (int c = 0; c < 4; ++c) {
        s[i][c] = exp2f(s[i][c] - mx);
        sum += s[i][c];
      }
      l[i] = l[i] * alpha + sum;
#pragma unroll
      for (int c = 0; c < 4; ++c) o[i][c] *= alpha;
    }
#pragma unroll
    for (int c = 0; c < 4; ++c)
#pragma unroll
      for (int i4 = 0; i4 < TM / 4; ++i4)
        *reinterpret_cast<float4*>(&sm.p[tx * 4 + c][ty * TM + i4 * 4]) =
            make_float4(s[i4 * 4][c], s[i4 * 4 + 1][c], s[i4 * 4 + 2][c], s[i4 * 4 + 3][c]);
    __syncthreads();
    // O += P·V.
#pragma unroll 8
    for (int j = 0; j < RT_BN; ++j) {
      const float4 vv = *reinterpret_cast<const float4*>(&sm.v[j][tx * 4]);
#pragma unroll
      for (int i4 = 0; i4 < TM / 4; ++i4) {
        const float4 pv = *reinterpret_cast<const float4*>(&sm.p[j][ty * TM + i4 * 4]);
        const float pp[4] = {pv.x, pv.y, pv.z, pv.w};
#pragma unroll
        for (int a = 0; a < 4; ++a) {
          float* r = o[i4 * 4 + a];
          r[0] = fmaf(pp[a], vv.x, r[0]);
          r[1] = fmaf(pp[a], vv.y, r[1]);
          r[2] = fmaf(pp[a], vv.z, r[2]);
          r[3] = fmaf(pp[a], vv.w, r[3]);
        }
      }
    }
    if (!more) break;
  }
#pragma unroll
  for (int i = 0; i < TM; ++i) {
    float sum = l[i];
    sum += __shfl_xor_sync(0xffffffffu, sum, 1);
    sum += __shfl_xor_sync(0xffffffffu, sum, 2);
    sum += __shfl_xor_sync(0xffffffffu, sum, 4);
    sum += __shfl_xor_sync(0xffffffffu, sum, 8);
    const float inv = 1.f / sum;
    *reinterpret_cast<float4*>(O + obase + (long long)(i0 + ty * TM + i) * os + tx * 4) =
        make_float4(o[i][0] * inv, o[i][1] * inv, o[i][2] * inv, o[i][3] * inv);
  }
}

#ifndef MINB
#define MINB 1
#endif
extern "C" __global__ void __launch_bounds__(256, MINB)
    attn_flash_rt(const float* __restrict__ Q, const float* __restrict__ K,
                  const float* __restrict__ V, float* __restrict__ O, int H, int S, long long qb,
                  int qh, int qs, long long ob, int oh, int os) {
  extern __shared__ __align__(16) unsigned char rt_raw[];
  RtSmem& sm = *reinterpret_cast<RtSmem*>(rt_raw);
  const int b = blockIdx.y / H, h = blockIdx.y % H;
  const long long base = b * qb + (long long)h * qh, obase = b * ob + (long long)h * oh;
  const int nq = S / RT_BM;
#pragma unroll 1
  for (int pass = 0; pass < ((BALANCE && CAUSAL) ? 2 : 1); ++pass) {
    // Heaviest query tiles first (causal); with BALANCE block b's second tile is nq-1-b.
    const int qt = !CAUSAL ? blockIdx.x : pass == 0 ? nq - 1 - blockIdx.x : blockIdx.x;
    rt_tile(sm, K, V, O, Q, base, obase, qs, os, qt * RT_BM, S);
  }
}
