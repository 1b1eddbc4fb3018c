// FlashAttention on Hopper warpgroup MMA (wgmma), causal, BF16 in/out, FP32 softmax and
// accumulation, head dimension 128, on the BF16 wgmma helpers matmul_bf16 uses too
// (kernels/gemm/wgmma_bf16_ops.cuh). A block of WGS warpgroups owns BM = 64*WGS query rows, one
// warpgroup per 64 rows; all threads stream K/V tiles of BN keys through a STAGES-deep cp.async
// ring (no warp specialisation). S = Q·K^T is one wgmma chain per tile with both operands in shared
// memory (K-major: Q and K rows are d-contiguous); the online softmax runs on the accumulator
// fragments; O += P·V takes P from registers (the accumulator layout is the A-fragment layout,
// repacked to BF16 pairs) and V from shared memory MN-major (V rows are d-contiguous: the
// transposed-B form). Every tile is stored as two 64-column halves of 128-byte rows with the
// 128-byte swizzle (chunk c of row r at c ^ (r & 7)), the layout wgmma's descriptors name; cp.async
// writes it, and a proxy fence orders those generic-proxy writes before the async-proxy reads.
// Causal: key tiles past the block's last row are never loaded, a warpgroup skips a tile wholly
// past its rows, only tiles crossing the diagonal are masked; the heaviest query tiles run first.
// Knobs: BN (64, 128), WGS (1, 2), STAGES (2, 3). Requires S % (64*WGS) == 0, S % BN == 0.
#define W3_D 128
#define W3_BM (64 * WGS)
#define W3_NT (128 * WGS)

#include "wgmma_bf16_ops.cuh"

#include <cp_async_ops.cuh>

typedef unsigned short w3_bf16;

// Shared-memory descriptor, 128-byte swizzle: 8-row groups of 1024 bytes (SBO); LBO is the
// distance between the two 64-column halves (read only by the MN-major V operand, whose N =
// 128 spans both halves).
__device__ __forceinline__ unsigned long long w3_desc(unsigned addr, unsigned lbo) {
  unsigned long long d = (unsigned long long)((addr & 0x3FFFF) >> 4);
  d |= (unsigned long long)((lbo >> 4) & 0x3FFF) << 16;
  d |= (unsigned long long)(1024 >> 4) << 32;
  d |= (unsigned long long)1 << 62;
  return d;
}
// Byte offset of 16-byte chunk c (0..15) of row r in a ROWS-row tile stored as two halves.
template <int ROWS>
__device__ __forceinline__ unsigned w3_off(int r, int c) {
  return (unsigned)((c >> 3) * ROWS * 128 + r * 128 + (((c & 7) ^ (r & 7)) << 4));
}
template <int ROWS>
__device__ __forceinline__ void w3_load(unsigned dst, const w3_bf16* src, int tid) {
#pragma unroll
  for (int i = 0; i < ROWS * 16 / W3_NT; ++i) {
    const int id = tid + i * W3_NT, r = id >> 4, c = id & 15;
    ca_cp16(dst + w3_off<ROWS>(r, c), src + r * W3_D + c * 8);
  }
}

#if BN == 64
#define W3_SS wgmma_m64n64k16_bf16_ss
#else
#define W3_SS wgmma_m64n128k16_bf16_ss
#endif

extern "C" __global__ void __launch_bounds__(W3_NT, 1)
    attn_fa3w(const w3_bf16* __restrict__ Q, const w3_bf16* __restrict__ K,
              const w3_bf16* __restrict__ V, w3_bf16* __restrict__ O, int S) {
  extern __shared__ unsigned char w3_raw[];
  const unsigned base = (smem_u32(w3_raw) + 1023u) & ~1023u;
  const unsigned sQ = base;
  const unsigned sK = sQ + W3_BM * 256;
  const unsigned sV = sK + STAGES * BN * 256;
  const int qb = gridDim.x - 1 - blockIdx.x;  // heaviest query tiles first
  const long long bh = blockIdx.y;
  const w3_bf16* Qg = Q + (bh * S + (long long)qb * W3_BM) * W3_D;
  const w3_bf16* Kg = K + bh * S * W3_D;
  const w3_bf16* Vg = V + bh * S * W3_D;
  const int tid = threadIdx.x, wg = tid >> 7, warp = (tid >> 5) & 3, lane = tid & 31;
  const int g = lane >> 2, t = lane & 3;
  const int wrow0 = qb * W3_BM + wg * 64;  // the warpgroup's first query row
  const int row0 = wrow0 + warp * 16 + g;  // this thread's rows: row0, row0 + 8
  const int nkb = ((qb + 1) * W3_BM + BN - 1) / BN;
  const float sl2 = 1.4426950408889634f * 0.08838834764831845f;  // log2(e) / sqrt(128)

  w3_load<W3_BM>(sQ, Qg, tid);
  ca_commit();
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < nkb) {
      w3_load<BN>(sK + s * BN * 256, Kg + (long long)s * BN * W3_D, tid);
      w3_load<BN>(sV + s * BN * 256, Vg + (long long)s * BN * W3_D, tid);
    }
    ca_commit();
  }

  float o[64];
#pragma unroll
  for (int i = 0; i < 64; ++i) o[i] = 0.f;
  float m[2] = {__int_as_float(0xff800000), __int_as_float(0xff800000)}, l[2] = {0.f, 0.f};

  for (int kb = 0; kb < nkb; ++kb) {
    {
      const int nx = kb + STAGES - 1;
      if (nx < nkb) {
        const int st = nx % STAGES;
        w3_load<BN>(sK + st * BN * 256, Kg + (long long)nx * BN * W3_D, tid);
        w3_load<BN>(sV + st * BN * 256, Vg + (long long)nx * BN * W3_D, tid);
      }
      ca_commit();
    }
    ca_wait<STAGES - 1>();
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    const int key0 = kb * BN;
    if (key0 <= wrow0 + 63) {  // else every key of the tile is past the warpgroup's rows
      const unsigned tK = sK + (kb % STAGES) * BN * 256;
      const unsigned tV = sV + (kb % STAGES) * BN * 256;
      float s[BN / 2];
      wgmma_fence();
#pragma unroll
      for (int h = 0; h < 2; ++h)
#pragma unroll
        for (int kk = 0; kk < 4; ++kk)
          W3_SS(s, w3_desc(sQ + h * W3_BM * 128 + wg * 64 * 128 + kk * 32, 16),
                w3_desc(tK + h * BN * 128 + kk * 32, 16), (h | kk) != 0);
      wgmma_commit();
      wgmma_wait<0>();
#pragma unroll
      for (int i = 0; i < BN / 2; ++i) fence_acc(s[i]);
      // Online softmax (exp2 domain); s[4j + 2h + e] is (row row0 + 8h, key key0 + 8j + 2t + e).
      const bool diag = key0 + BN - 1 > wrow0;
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int row = row0 + 8 * h;
        float mx = m[h];
#pragma unroll
        for (int j = 0; j < BN / 8; ++j)
#pragma unroll
          for (int e = 0; e < 2; ++e) {
            float x = s[4 * j + 2 * h + e] * sl2;
            if (diag && key0 + 8 * j + 2 * t + e > row) x = __int_as_float(0xff800000);
            s[4 * j + 2 * h + e] = x;
            mx = fmaxf(mx, x);
          }
#include <quad_row_max.cuh>
        const float alpha = ca_exp2(m[h] - mx);
        m[h] = mx;
        float sum = 0.f;
#pragma unroll
        for (int j = 0; j < BN / 8; ++j)
#pragma unroll
          for (int e = 0; e < 2; ++e) {
            const float p = ca_exp2(s[4 * j + 2 * h + e] - mx);
            s[4 * j + 2 * h + e] = p;
            sum += p;
          }
        l[h] = l[h] * alpha + sum;
#pragma unroll
        for (int j = 0; j < 16; ++j) {
          o[4 * j + 2 * h] *= alpha;
          o[4 * j + 2 * h + 1] *= alpha;
        }
      }
      unsigned pa[BN / 16][4];
#pragma unroll
      for (int ks = 0; ks < BN / 16; ++ks) {
        pa[ks][0] = pack_bf16x2(s[8 * ks + 0], s[8 * ks + 1]);
        pa[ks][1] = pack_bf16x2(s[8 * ks + 2], s[8 * ks + 3]);
        pa[ks][2] = pack_bf16x2(s[8 * ks + 4], s[8 * ks + 5]);
        pa[ks][3] = pack_bf16x2(s[8 * ks + 6], s[8 * ks + 7]);
      }
#pragma unroll
      for (int i = 0; i < 64; ++i) fence_acc(o[i]);
      wgmma_fence();
#pragma unroll
      for (int ks = 0; ks < BN / 16; ++ks)
        wgmma_m64n128k16_bf16_rs_t(o, pa[ks], w3_desc(tV + ks * 16 * 128, BN * 128));
      wgmma_commit();
      wgmma_wait<0>();
#include <pv_retire_fence.cuh>
    }
    __syncthreads();  // the stage just read is refilled by the next iteration's load
  }

#pragma unroll
  for (int h = 0; h < 2; ++h) {
    float sum = l[h];
#include <quad_row_inv.cuh>
    unsigned* dst = reinterpret_cast<unsigned*>(O + (bh * S + row0 + 8 * h) * W3_D);
#pragma unroll
    for (int j = 0; j < 16; ++j)
      dst[4 * j + t] = pack_bf16x2(o[4 * j + 2 * h] * inv, o[4 * j + 2 * h + 1] * inv);
  }
}
