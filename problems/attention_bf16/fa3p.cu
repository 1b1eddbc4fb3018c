// FlashAttention-3-style causal attention on Hopper (sm_90a), BF16 in/out, FP32 softmax and
// accumulation, head dimension 128. A block owns 128 query rows of one head and has three
// warpgroups: a producer (registers cut to P3_PREGS) whose one thread streams Q and the K/V
// tiles of BN keys through STAGES-deep mbarrier rings with TMA (rank-4 maps over [B, H, S, D],
// 128-byte swizzle, two 64-column halves a tile), and two consumer warpgroups (registers raised to
// P3_CREGS), each owning 64 of the rows. Key tiles run from the diagonal down, so only the first
// tile(s) of a warpgroup are masked. Each consumer iteration issues S_j = Q.K_j^T (both operands
// in shared memory) and O += P_{j-1}.V_{j-1} (P in registers as BF16 A fragments, V MN-major)
// back to back, then runs the softmax of S_j while the P.V product is still in the tensor cores
// (intra-warpgroup overlap); O takes S_j's rescale factor just before the next P.V is issued.
// Between the warpgroups a pair of named barriers orders the GEMM issue (ping-pong): one
// warpgroup's softmax runs while the other's GEMMs occupy the tensor cores. exp2 with the
// log2(e)/sqrt(128)-scaled scores, one FFMA per exponent. Query tiles go in sections of HG heads,
// heaviest first inside a section (p3_tile), so K/V stay in L2 and the wave tail is made of light
// tiles. PERSIST = 1: a grid of one block per SM walks the query tiles in that order, the K/V rings
// and the ping-pong running on across tiles, so the next tile's loads overlap this one's last P.V
// and stores. Knobs: BN (64, 128), STAGES (2, 3), HG (8, 16), PERSIST (0, 1). Requires D == 128, S
// % 128 == 0.
#ifndef BN
#define BN 128
#endif
#ifndef STAGES
#define STAGES 2
#endif
#ifndef PERSIST
#define PERSIST 0
#endif
#ifndef HG
#define HG 8
#endif
#define P3_D 128
#define P3_BM 128
#define P3_PREGS 40
#define P3_CREGS 232

#include "wgmma_bf16_ops.cuh"

#include <cp_async_ops.cuh>
#include <fa3_ops.cuh>
#include <fa3p_schedule.cuh>

typedef unsigned short p3_bf16;

#if BN == 64
#define P3_SS wgmma_m64n64k16_bf16_ss
#elif BN == 128
#define P3_SS wgmma_m64n128k16_bf16_ss
#else
#error "BN must be 64 or 128"
#endif

// Shared-memory descriptor, 128-byte swizzle: 8-row groups of 1024 bytes (SBO); LBO is the
// distance between a tile's two 64-column halves (read only by the MN-major V operand).
__device__ __forceinline__ unsigned long long p3_desc(unsigned addr, unsigned lbo) {
  unsigned long long d = (unsigned long long)((addr & 0x3FFFF) >> 4);
  d |= (unsigned long long)((lbo >> 4) & 0x3FFF) << 16;
  d |= (unsigned long long)(1024 >> 4) << 32;
  d |= (unsigned long long)1 << 62;
  return d;
}

// S = Q.K^T for this warpgroup's 64 rows (sQw: its rows in the first half of Q) and the BN keys
// of the tile at tK: 8 k16 steps, two per 32 bytes of each 128-byte half-row.
__device__ __forceinline__ void p3_qk(float (&s)[BN / 2], unsigned sQw, unsigned tK) {
#pragma unroll
  for (int h = 0; h < 2; ++h)
#pragma unroll
    for (int kk = 0; kk < 4; ++kk)
      P3_SS(s, p3_desc(sQw + h * P3_BM * 128 + kk * 32, 16),
            p3_desc(tK + h * BN * 128 + kk * 32, 16), (h | kk) != 0);
}
// O += P.V: P's BF16 pairs from registers, V's BN rows from the tile at tV (MN-major).
__device__ __forceinline__ void p3_pv(float (&o)[64], const unsigned (&pa)[BN / 16][4],
                                      unsigned tV) {
#pragma unroll
  for (int ks = 0; ks < BN / 16; ++ks)
    wgmma_m64n128k16_bf16_rs_t(o, pa[ks], p3_desc(tV + ks * 16 * 128, BN * 128));
}

// Online softmax of one S tile in place (S becomes P), exp2 domain. s[4j + 2h + e] is row
// row0 + 8h, key key0 + 8j + 2t + e. m: running row maxima (scaled), l: this thread's partial row
// sums, alpha: the factor O must be rescaled by. MASK: keys past the row are -inf; a row with
// every key masked so far keeps m = -inf and contributes zeros (the max used is 0 then).
template <bool MASK>
__device__ __forceinline__ void p3_softmax(float (&s)[BN / 2], float (&m)[2], float (&l)[2],
                                           float (&alpha)[2], int key0, int row0, int t) {
  const float sl2 = 1.4426950408889634f * 0.08838834764831845f;  // log2(e) / sqrt(128)
  const float ninf = __int_as_float(0xff800000);
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    const int row = row0 + 8 * h;
    float mx0 = ninf, mx1 = ninf;
#pragma unroll
    for (int j = 0; j < BN / 8; ++j)
#pragma unroll
      for (int e = 0; e < 2; ++e) {
        float x = s[4 * j + 2 * h + e];
        if (MASK && key0 + 8 * j + 2 * t + e > row) x = ninf;
        s[4 * j + 2 * h + e] = x;
        if (j & 1)
          mx1 = fmaxf(mx1, x);
        else
          mx0 = fmaxf(mx0, x);
      }
    float mx = fmaxf(mx0, mx1);
    mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 1));
    mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 2));
    const float mnew = fmaxf(m[h], mx * sl2);
    const float mu = mnew == ninf ? 0.f : mnew;
    alpha[h] = ca_exp2(m[h] - mu);
    m[h] = mnew;
    float sum[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
    for (int j = 0; j < BN / 8; ++j)
#pragma unroll
      for (int e = 0; e < 2; ++e) {
        const float p = ca_exp2(fmaf(s[4 * j + 2 * h + e], sl2, -mu));
        s[4 * j + 2 * h + e] = p;
        sum[(j & 1) * 2 + e] += p;
      }
    l[h] = l[h] * alpha[h] + ((sum[0] + sum[1]) + (sum[2] + sum[3]));
  }
}

__device__ __forceinline__ void p3_pack(unsigned (&pa)[BN / 16][4], const float (&s)[BN / 2]) {
#pragma unroll
  for (int ks = 0; ks < BN / 16; ++ks)
#pragma unroll
    for (int e = 0; e < 4; ++e) pa[ks][e] = pack_bf16x2(s[8 * ks + 2 * e], s[8 * ks + 2 * e + 1]);
}

// The block's barriers: Q (loaded once a query tile, released after its last Q.K^T) and the K
// and V rings (full: the producer's arrival plus the bytes; empty: one arrival per consumer warp).
struct P3Bars {
  uint64_t qfull, qempty, kfull[STAGES], kempty[STAGES], vfull[STAGES], vempty[STAGES];
};

// Ring position gi (counted over every key tile this block has streamed): stage and parity.
#define P3_ST(gi) p3_stage(gi, STAGES)
#define P3_PH(gi) p3_parity(gi, STAGES)

// O *= alpha, row by row (o[4j + 2h + e] is row h).
__device__ __forceinline__ void p3_rescale(float (&o)[64], const float (&alpha)[2]) {
#pragma unroll
  for (int j = 0; j < 16; ++j) {
    o[4 * j] *= alpha[0];
    o[4 * j + 1] *= alpha[0];
    o[4 * j + 2] *= alpha[1];
    o[4 * j + 3] *= alpha[1];
  }
}

// One loop iteration of a consumer warpgroup: S of ring position gi (key tile kb) and P.V of
// position gi - 1, the softmax of S between the two waits. O is rescaled by the previous
// softmax's alpha between the two issues (as FlashAttention-3 does), so that after the second
// wait only P's conversion is left. lastqk: this is the query tile's last
// Q.K^T, so Q is released once it is done.
template <bool MASK>
__device__ __forceinline__ void p3_step(float (&o)[64], float (&s)[BN / 2],
                                        unsigned (&pa)[BN / 16][4], float (&m)[2], float (&l)[2],
                                        float (&alpha)[2], int gi, int kb, bool lastqk,
                                        unsigned sQw, unsigned sK, unsigned sV, P3Bars* bars,
                                        int cw, int lane, int row0, int t) {
  const int si = P3_ST(gi), sp = P3_ST(gi - 1);
  mbar_wait(&bars->kfull[si], P3_PH(gi));
  named_sync(1 + cw, 256);  // this warpgroup's turn on the tensor cores
  wgmma_fence();
  p3_qk(s, sQw, sK + si * BN * 256);
  wgmma_commit();
  p3_rescale(o, alpha);  // the previous softmax's factor, while Q.K^T runs
  mbar_wait(&bars->vfull[sp], P3_PH(gi - 1));
  wgmma_fence();  // after the wait loop: the P and O registers as the MMA reads them
  p3_pv(o, pa, sV + sp * BN * 256);
  wgmma_commit();
  named_arrive(2 - cw, 256);  // the other warpgroup's turn
  wgmma_wait<1>();            // S is in; P.V may still run
#pragma unroll
  for (int i = 0; i < BN / 2; ++i) fence_acc(s[i]);
  mbar_arrive_if(&bars->kempty[si], lane == 0);
  mbar_arrive_if(&bars->qempty, lane == 0 && lastqk);
  p3_softmax<MASK>(s, m, l, alpha, kb * BN, row0, t);
  // Pin the softmax before the wait below in the compiler's order (volatile asms keep theirs;
  // plain arithmetic may sink past the wait). ptxas still places the wait early, interleaving
  // the rest of the exponentials with the BF16 conversion into pa (in flight as P.V's A operand):
  // nvdisasm of BN=128 shows 12 (PERSIST=1: 17) of the 64 MUFU.EX2 before it. Converting into
  // other registers and copying them to pa after the wait serialised every wgmma (C7513), and two
  // P buffers used in turn (no copy) did too (C7520 at BN=128, C7511 at BN=64).
#pragma unroll
  for (int i = 0; i < BN / 2; ++i) fence_acc(s[i]);
  fence_acc(alpha[0]);
  fence_acc(alpha[1]);
  wgmma_wait<0>();
#include <pv_retire_fence.cuh>
  mbar_arrive_if(&bars->vempty[sp], lane == 0);
  p3_pack(pa, s);
}

// Query tiles go in sections of HG heads (fa3p_schedule.cuh, p3_tile): a section's K and V, 2 MiB
// a head at S = 4096, stay in L2 while every query tile of those heads reads them; heaviest first
// inside a section, so the blocks in flight share the K/V of a few heads and the wave tail is made
// of light tiles. Heaviest first over the whole grid instead would keep all B*H heads' K/V
// (128 MiB here) in flight at once, far past the 60 MiB L2.
// Without PERSIST a block takes the one tile of its linear index (launch order); with PERSIST
// the grid's blocks take u = block, block + grid, ... (one block per SM: the next tile's Q and
// K/V stream in during this one's last P.V and stores).
extern "C" __global__ void __launch_bounds__(384, 1)
    attn_fa3p(const __grid_constant__ TensorMap tmQ, const __grid_constant__ TensorMap tmK,
              const __grid_constant__ TensorMap tmV, p3_bf16* __restrict__ O, int S, int H, int B) {
  extern __shared__ unsigned char p3_raw[];
  __shared__ P3Bars bars;
  const unsigned base = (smem_u32(p3_raw) + 1023u) & ~1023u;
  const unsigned sQ = base;
  const unsigned sK = sQ + P3_BM * 256;
  const unsigned sV = sK + STAGES * BN * 256;
  const int nq = S / P3_BM, nbh = B * H, units = nq * nbh;
#if PERSIST
  const int first = blockIdx.x, step = gridDim.x;
#else
  const int first = blockIdx.y * gridDim.x + blockIdx.x, step = units;
#endif
  const int tid = threadIdx.x;

  if (tid == 0) {
    mbar_init(&bars.qfull, 1);
    mbar_init(&bars.qempty, 8);
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(&bars.kfull[s], 1);
      mbar_init(&bars.vfull[s], 1);
      mbar_init(&bars.kempty[s], 8);
      mbar_init(&bars.vempty[s], 8);
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    tma_prefetch_map(&tmQ);
    tma_prefetch_map(&tmK);
    tma_prefetch_map(&tmV);
  }
  __syncthreads();

  if (tid < 128) {
    regs_dec<P3_PREGS>();
    if (tid == 0) {
      int gi = 0, tc = 0;
      for (int u = first; u < units; u += step, ++tc) {
        int qb, bh;
        p3_tile(u, nq, nbh, HG, qb, bh);
        const int hh = bh % H, bb = bh / H;
        const int nkb = p3_key_tiles(qb, P3_BM, BN);
        if (tc > 0) mbar_wait(&bars.qempty, (tc - 1) & 1);
        mbar_arrive_expect_tx(&bars.qfull, P3_BM * 256);
        tma_load_4d(sQ, &tmQ, 0, qb * P3_BM, hh, bb, &bars.qfull);
        tma_load_4d(sQ + P3_BM * 128, &tmQ, 64, qb * P3_BM, hh, bb, &bars.qfull);
        for (int j = 0; j < nkb; ++j, ++gi) {
          // The stage's previous tile (ring position gi - STAGES) must have been released.
          const int kb = nkb - 1 - j, s = P3_ST(gi);
          const unsigned tK = sK + s * BN * 256, tV = sV + s * BN * 256;
          if (gi >= STAGES) mbar_wait(&bars.kempty[s], P3_PH(gi - STAGES));
          mbar_arrive_expect_tx(&bars.kfull[s], BN * 256);
          tma_load_4d(tK, &tmK, 0, kb * BN, hh, bb, &bars.kfull[s]);
          tma_load_4d(tK + BN * 128, &tmK, 64, kb * BN, hh, bb, &bars.kfull[s]);
          if (gi >= STAGES) mbar_wait(&bars.vempty[s], P3_PH(gi - STAGES));
          mbar_arrive_expect_tx(&bars.vfull[s], BN * 256);
          tma_load_4d(tV, &tmV, 0, kb * BN, hh, bb, &bars.vfull[s]);
          tma_load_4d(tV + BN * 128, &tmV, 64, kb * BN, hh, bb, &bars.vfull[s]);
        }
      }
    }
  } else {
    regs_inc<P3_CREGS>();
    const int ct = tid - 128, cw = ct >> 7;  // consumer thread, consumer warpgroup
    const int warp = (ct >> 5) & 3, lane = ct & 31, g = lane >> 2, t = lane & 3;
    const unsigned sQw = sQ + cw * 64 * 128;
    float o[64], s[BN / 2];
    unsigned pa[BN / 16][4];
    // Ping-pong: warpgroup w waits at barrier 1 + w before issuing its MMAs and then lets the
    // other through; every point of either warpgroup passes the turn on, except warpgroup 1's
    // very last, and warpgroup 1's arrival here lets warpgroup 0 start.
    if (cw == 1 && first < units) named_arrive(1, 256);
    int gi = 0, tc = 0;
    for (int u = first; u < units; u += step, ++tc) {
      int qb, bh;
      p3_tile(u, nq, nbh, HG, qb, bh);
      const int nkb = p3_key_tiles(qb, P3_BM, BN);
      const bool lasttile = u + step >= units;
      const int wrow0 = qb * P3_BM + cw * 64;  // the warpgroup's first query row
      const int row0 = wrow0 + warp * 16 + g;  // this thread's rows: row0, row0 + 8
      float m[2], l[2] = {0.f, 0.f};
      m[0] = m[1] = __int_as_float(0xff800000);
#pragma unroll
      for (int i = 0; i < 64; ++i) o[i] = 0.f;

      // Prologue: S of the diagonal tile (always masked), no P.V yet.
      mbar_wait(&bars.qfull, tc & 1);
      mbar_wait(&bars.kfull[P3_ST(gi)], P3_PH(gi));
      named_sync(1 + cw, 256);
      wgmma_fence();
      p3_qk(s, sQw, sK + P3_ST(gi) * BN * 256);
      wgmma_commit();
      named_arrive(2 - cw, 256);
      wgmma_wait<0>();
#pragma unroll
      for (int i = 0; i < BN / 2; ++i) fence_acc(s[i]);
      if (lane == 0) {
        mbar_arrive(&bars.kempty[P3_ST(gi)]);
        if (nkb == 1) mbar_arrive(&bars.qempty);
      }
      float alpha[2];  // the first is irrelevant: O is still zero
      p3_softmax<true>(s, m, l, alpha, (nkb - 1) * BN, row0, t);
      p3_pack(pa, s);

      int j = 1;
#if BN < 128
      // Iterations j < nmask hold keys past the warpgroup's first row: those are masked.
      const int nmask = p3_masked_steps(wrow0, nkb, BN);
      for (; j < nmask && j < nkb; ++j)
        p3_step<true>(o, s, pa, m, l, alpha, gi + j, nkb - 1 - j, j == nkb - 1, sQw, sK, sV, &bars,
                      cw, lane, row0, t);
#endif
      for (; j < nkb; ++j)
        p3_step<false>(o, s, pa, m, l, alpha, gi + j, nkb - 1 - j, j == nkb - 1, sQw, sK, sV, &bars,
                       cw, lane, row0, t);
      gi += nkb;

      // P.V of the last key tile (key tile 0, ring position gi - 1), then O / l to global memory.
      {
        const int sp = P3_ST(gi - 1);
        mbar_wait(&bars.vfull[sp], P3_PH(gi - 1));
        p3_rescale(o, alpha);
        named_sync(1 + cw, 256);
        wgmma_fence();
        p3_pv(o, pa, sV + sp * BN * 256);
        wgmma_commit();
        if (cw == 0 || !lasttile) named_arrive(2 - cw, 256);
        wgmma_wait<0>();
#include <pv_retire_fence.cuh>
        if (lane == 0) mbar_arrive(&bars.vempty[sp]);
      }
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        float sum = l[h];
        sum += __shfl_xor_sync(0xffffffffu, sum, 1);
        sum += __shfl_xor_sync(0xffffffffu, sum, 2);
        const float inv = 1.f / sum;
        unsigned* dst = reinterpret_cast<unsigned*>(O + ((long long)bh * S + row0 + 8 * h) * P3_D);
#pragma unroll
        for (int jj = 0; jj < 16; ++jj)
          dst[4 * jj + t] = pack_bf16x2(o[4 * jj + 2 * h] * inv, o[4 * jj + 2 * h + 1] * inv);
      }
    }
  }
}
