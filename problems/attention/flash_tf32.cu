// Flash attention on TF32 tensor cores (mma.sync m16n8k8, FP32 accumulate), head dimension 64,
// FP32 in and out, self-contained. WARPS warps own 16 query rows each (BM = 16*WARPS); K/V
// tiles of 64 keys stream through a STAGES-deep cp.async ring into shared memory whose 256-byte
// rows keep 16-byte chunk c at c ^ (row & 7), so every fragment load below (8 rows x 4
// consecutive columns, or 4 rows x 8 columns) hits 32 distinct banks. Q's fragments (pre-scaled
// by log2(e)/8, rounded to TF32) stay in registers. S = Q·K^T per 8-key tile; online softmax in
// the exp2 domain; O += P·V with P taken straight from S's accumulators: the k index of the P·V
// step is a permutation of the tile's keys (k = t <-> key 2t, k = t+4 <-> key 2t+1), so a thread's
// accumulators already are its A fragment, and V's B fragment reads the same permutation. CAUSAL
// (0/1) masks keys j > i and stops at the block's last row (heaviest tiles first). Strides as
// attn_flash.cuh; requires S % 64 == 0 and S % BM == 0.
#ifndef CAUSAL
#define CAUSAL 0
#endif
// WARPS and STAGES are knobs: problem.yaml passes both with -D (no defaults here). CAUSAL is not
// (problems/attention is not causal); the probe harnesses set it.
#define T3_D 64
#define T3_BN 64
#define T3_BM (16 * WARPS)
#define T3_NT (32 * WARPS)

#include <cp_async_ops.cuh>
#include <mma_f32_operands.cuh>

__device__ __forceinline__ unsigned t3_tf32(float x) {
  unsigned r;
  asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
  return r;
}
__device__ __forceinline__ void t3_mma(float* c, const unsigned* a, unsigned b0, unsigned b1) {
  asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n" MMA_M16N8_F32_OPERANDS(c, a, b0, b1));
}
// Float index of (row, col) in a swizzled tile of 64-float rows.
__device__ __forceinline__ int t3_idx(int row, int col) {
  return row * 64 + ((((col >> 2) ^ (row & 7))) << 2) + (col & 3);
}
template <int ROWS>
__device__ __forceinline__ void t3_load(float* dst, const float* src, int qs, int tid) {
#pragma unroll
  for (int i = 0; i < ROWS * 16 / T3_NT; ++i) {
    const int id = tid + i * T3_NT, r = id >> 4, c = id & 15;
    ca_cp16(ca_smem(dst + t3_idx(r, c * 4)), src + (long long)r * qs + c * 4);
  }
}

extern "C" __global__ void __launch_bounds__(T3_NT)
    attn_flash_tf32(const float* __restrict__ Q, const float* __restrict__ K,
                    const float* __restrict__ V, float* __restrict__ O, int H, int S, long long qb,
                    int qh, int qs, long long ob, int oh, int os) {
  extern __shared__ __align__(128) float t3_sm[];
  float* sQ = t3_sm;
  float* sK = sQ + T3_BM * 64;
  float* sV = sK + STAGES * T3_BN * 64;
  const int b = blockIdx.y / H, h = blockIdx.y % H;
  const long long base = b * qb + (long long)h * qh, obase = b * ob + (long long)h * oh;
  const int qt = CAUSAL ? gridDim.x - 1 - blockIdx.x : blockIdx.x;
  const int i0 = qt * T3_BM;
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31, g = lane >> 2, t = lane & 3;
  const int row0 = i0 + warp * 16;
  const int nkb = CAUSAL ? (i0 + T3_BM + T3_BN - 1) / T3_BN : S / T3_BN;
  const float sl2 = 0.125f * 1.4426950408889634f;

  t3_load<T3_BM>(sQ, Q + base + (long long)i0 * qs, qs, tid);
  ca_commit();
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < nkb) {
      t3_load<T3_BN>(sK + s * T3_BN * 64, K + base + (long long)s * T3_BN * qs, qs, tid);
      t3_load<T3_BN>(sV + s * T3_BN * 64, V + base + (long long)s * T3_BN * qs, qs, tid);
    }
    ca_commit();
  }
  float o[8][4];
#pragma unroll
  for (int n = 0; n < 8; ++n) o[n][0] = o[n][1] = o[n][2] = o[n][3] = 0.f;
  float m[2] = {__int_as_float(0xff800000), __int_as_float(0xff800000)}, l[2] = {0.f, 0.f};
  unsigned qf[8][4];

  for (int kb = 0; kb < nkb; ++kb) {
    {
      const int nx = kb + STAGES - 1;
      if (nx < nkb) {
        const int st = nx % STAGES;
        t3_load<T3_BN>(sK + st * T3_BN * 64, K + base + (long long)nx * T3_BN * qs, qs, tid);
        t3_load<T3_BN>(sV + st * T3_BN * 64, V + base + (long long)nx * T3_BN * qs, qs, tid);
      }
      ca_commit();
    }
    ca_wait<STAGES - 1>();
    __syncthreads();
    if (kb == 0) {
      const int r = warp * 16 + g;
#pragma unroll
      for (int ks = 0; ks < 8; ++ks) {
        qf[ks][0] = t3_tf32(sQ[t3_idx(r, ks * 8 + t)] * sl2);
        qf[ks][1] = t3_tf32(sQ[t3_idx(r + 8, ks * 8 + t)] * sl2);
        qf[ks][2] = t3_tf32(sQ[t3_idx(r, ks * 8 + t + 4)] * sl2);
        qf[ks][3] = t3_tf32(sQ[t3_idx(r + 8, ks * 8 + t + 4)] * sl2);
      }
    }
    const int key0 = kb * T3_BN;
    if (!CAUSAL || key0 <= row0 + 15) {
      const float* tK = sK + (kb % STAGES) * T3_BN * 64;
      const float* tV = sV + (kb % STAGES) * T3_BN * 64;
      float s[8][4];
#pragma unroll
      for (int n = 0; n < 8; ++n) s[n][0] = s[n][1] = s[n][2] = s[n][3] = 0.f;
#pragma unroll
      for (int ks = 0; ks < 8; ++ks)
#pragma unroll
        for (int n = 0; n < 8; ++n) {
          const unsigned b0 = __float_as_uint(tK[t3_idx(n * 8 + g, ks * 8 + t)]);
          const unsigned b1 = __float_as_uint(tK[t3_idx(n * 8 + g, ks * 8 + t + 4)]);
          t3_mma(s[n], qf[ks], b0, b1);  // K is FP32 data: the tensor core reads its TF32 bits
        }
      const bool diag = CAUSAL && key0 + T3_BN - 1 > row0;
#pragma unroll
      for (int hh = 0; hh < 2; ++hh) {
        const int row = row0 + g + 8 * hh;
        float mx = m[hh];
#pragma unroll
        for (int n = 0; n < 8; ++n)
#pragma unroll
          for (int e = 0; e < 2; ++e) {
            if (diag && key0 + n * 8 + 2 * t + e > row)
              s[n][2 * hh + e] = __int_as_float(0xff800000);
            mx = fmaxf(mx, s[n][2 * hh + e]);
          }
#include <quad_row_max.cuh>
        const float alpha = ca_exp2(m[hh] - mx);
        m[hh] = mx;
        float sum = 0.f;
#pragma unroll
        for (int n = 0; n < 8; ++n)
#pragma unroll
          for (int e = 0; e < 2; ++e) {
            const float p = ca_exp2(s[n][2 * hh + e] - mx);
            s[n][2 * hh + e] = p;
            sum += p;
          }
        l[hh] = l[hh] * alpha + sum;
#pragma unroll
        for (int n = 0; n < 8; ++n) {
          o[n][2 * hh] *= alpha;
          o[n][2 * hh + 1] *= alpha;
        }
      }
#pragma unroll
      for (int j = 0; j < 8; ++j) {
        const unsigned a[4] = {t3_tf32(s[j][0]), t3_tf32(s[j][2]), t3_tf32(s[j][1]),
                               t3_tf32(s[j][3])};
#pragma unroll
        for (int dn = 0; dn < 8; ++dn) {
          const unsigned b0 = __float_as_uint(tV[t3_idx(j * 8 + 2 * t, dn * 8 + g)]);
          const unsigned b1 = __float_as_uint(tV[t3_idx(j * 8 + 2 * t + 1, dn * 8 + g)]);
          t3_mma(o[dn], a, b0, b1);
        }
      }
    }
    __syncthreads();
  }
#pragma unroll
  for (int hh = 0; hh < 2; ++hh) {
    float sum = l[hh];
#include <quad_row_inv.cuh>
    float* dst = O + obase + (long long)(row0 + g + 8 * hh) * os;
#pragma unroll
    for (int dn = 0; dn < 8; ++dn)
      *reinterpret_cast<float2*>(dst + dn * 8 + 2 * t) =
          make_float2(o[dn][2 * hh] * inv, o[dn][2 * hh + 1] * inv);
  }
}
