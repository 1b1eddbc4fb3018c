// C = triu(triu(A) . triu(B)) (problems/matmul_tri) with problems/matmul's wgmma_tf32_tma
// design: one TMA producer thread, two consumer warpgroups, a STAGES-deep mbarrier ring, TF32
// wgmma D = C^T = B^T.A^T (A K-major in 128-byte-swizzled shared memory as wgmma's B operand,
// B^T gathered into the register fragment). Issue 33: the pool's TF32 point was a WMMA kernel
// at 0.85x cuBLAS TF32's full GEMM (which does 6x the triangle's work); this one passed the live
// gate at all four points and ran 104.8 us against PyTorch's 364.9 us (probe_h33d).
//
// The triangle: a BM x 128 tile (rows m0.., columns n0..) needs k in [m0, n0 + 128) only
// (A counts for k >= i >= m0, B for k <= j < n0 + 128); a tile with m0 >= n0 + 128 lies below
// the diagonal and is written as zeros. The masks: B's (k <= j) in registers as its fragment is
// gathered; A's (k >= i) matters only on the tile's diagonal block k in [m0, m0 + BM), which the
// producer reads from Ad, A's diagonal blocks with the lower part zeroed (N x BM floats, 4 MiB at
// BM = 256), written by the first launch (tri_diag_blocks). Elements below the diagonal then
// sum no term and come out 0 exactly, as the reference has them.
#include "tma_ops.cuh"
#include "wgmma_tf32_ops.cuh"

#ifndef BM
#define BM 256
#endif
#ifndef STAGES
#define STAGES 4
#endif
#define BN 128
#define BK 32
#define NTHREADS 384
#define A_BYTES (BM * BK * 4)
#define B_BOX_BYTES (BK * 32 * 4)
#define STAGE_BYTES (A_BYTES + 4 * B_BOX_BYTES)
#define PREGS 40
#define CREGS 232

// Ad[i][kk] = A[i][d + kk] where d + kk >= i, else 0; d = i rounded down to BM: the diagonal
// block of row i's tile row, lower part zeroed.
extern "C" __global__ void tri_diag_blocks(const float* __restrict__ A, float* __restrict__ Ad,
                                           int N) {
  const size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= (size_t)N * BM) return;
  const int i = int(e / BM), kk = int(e % BM);
  const int k = (i / BM) * BM + kk;
  Ad[e] = k >= i ? A[(size_t)i * N + k] : 0.0f;
}

__device__ __forceinline__ uint64_t sw128_desc_u32(uint32_t addr) {
  uint64_t d = (uint64_t)((addr & 0x3FFFF) >> 4);
  d |= (uint64_t)1 << 16;
  d |= (uint64_t)(1024 >> 4) << 32;
  d |= (uint64_t)1 << 62;
  return d;
}

#if BM == 256
#define WGMMA wgmma_m64n256k8_tf32_rs
#elif BM == 128
#define WGMMA wgmma_m64n128k8_tf32_rs
#else
#error "BM must be 128 or 256"
#endif

extern "C" __global__ void __launch_bounds__(NTHREADS, 1)
    tri_wgmma_tma(const __grid_constant__ TensorMap tmA, const __grid_constant__ TensorMap tmAd,
                  const __grid_constant__ TensorMap tmB, float* __restrict__ C, int N) {
  extern __shared__ unsigned char smem_raw[];
  __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES];
  const uint32_t base = (smem_u32(smem_raw) + 1023u) & ~1023u;
  const int tid = threadIdx.x;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  if (m0 >= n0 + BN) {  // below the diagonal: zeros
    for (int e = tid; e < BM * BN / 4; e += NTHREADS) {
      const int r = e / (BN / 4), c4 = e % (BN / 4);
      *reinterpret_cast<float4*>(C + (size_t)(m0 + r) * N + n0 + 4 * c4) =
          make_float4(0.f, 0.f, 0.f, 0.f);
    }
    return;
  }
  const int k_begin = m0, tiles = (n0 + BN - m0) / BK;

  if (tid == 0) {
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(&full[s], 1);
      mbar_init(&empty[s], 256);
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    tma_prefetch_map(&tmA);
    tma_prefetch_map(&tmAd);
    tma_prefetch_map(&tmB);
  }
  __syncthreads();

  if (tid < 128) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(PREGS));
    if (tid == 0) {
      for (int it = 0; it < tiles; ++it) {
        const int s = it % STAGES, round = it / STAGES;
        if (round > 0) mbar_wait(&empty[s], (round - 1) & 1);
        const uint32_t as = base + s * STAGE_BYTES, bs = as + A_BYTES;
        const int k0 = k_begin + it * BK;
        mbar_arrive_expect_tx(&full[s], STAGE_BYTES);
        if (k0 < m0 + BM)
          tma_load_2d(as, &tmAd, k0 - m0, m0, &full[s]);  // the diagonal block, masked
        else
          tma_load_2d(as, &tmA, k0, m0, &full[s]);
#pragma unroll
        for (int j = 0; j < 4; ++j) tma_load_2d(bs + j * B_BOX_BYTES, &tmB, n0 + 32 * j, k0, &full[s]);
      }
    }
    return;
  }

  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(CREGS));
  const int ct = tid - 128, cw = ct >> 7;
  const int w = (ct >> 5) & 3, lane = ct & 31;
  const int g = lane >> 2, t = lane & 3;
  const int box = 2 * cw + (w >> 1);
  const int nb = 8 * (w & 1) + 2 * (g & 1) + 4 * (g >> 2) + 16 * ((g >> 1) & 1);
  const uint32_t chunk = uint32_t(nb >> 2), within = uint32_t(nb & 3) * 4;
  const int n = n0 + 32 * box + nb;  // this thread's fragment columns n, n + 1
  float acc[BM / 2];
#pragma unroll
  for (int i = 0; i < BM / 2; ++i) acc[i] = 0.0f;

  for (int it = 0; it < tiles; ++it) {
    const int s = it % STAGES;
    const int k0 = k_begin + it * BK;
    mbar_wait(&full[s], (it / STAGES) & 1);
    const uint32_t st = base + s * STAGE_BYTES;
    const uint32_t bbox = st + A_BYTES + box * B_BOX_BYTES;
    uint32_t a[BK / 8][4];
#pragma unroll
    for (int kk = 0; kk < BK / 8; ++kk) {
      const uint32_t k = uint32_t(kk * 8 + t);
      const uint32_t lo = bbox + k * 128 + ((chunk ^ uint32_t(t)) << 4) + within;
      const uint32_t hi = bbox + (k + 4) * 128 + ((chunk ^ uint32_t(t + 4)) << 4) + within;
      float2 x, y;
      asm volatile("ld.shared.v2.f32 {%0, %1}, [%2];\n" : "=f"(x.x), "=f"(x.y) : "r"(lo) : "memory");
      asm volatile("ld.shared.v2.f32 {%0, %1}, [%2];\n" : "=f"(y.x), "=f"(y.y) : "r"(hi) : "memory");
      // B counts for k <= j only.
      const int kl = k0 + int(k), kh = kl + 4;
      a[kk][0] = to_tf32(kl <= n ? x.x : 0.0f);
      a[kk][1] = to_tf32(kl <= n + 1 ? x.y : 0.0f);
      a[kk][2] = to_tf32(kh <= n ? y.x : 0.0f);
      a[kk][3] = to_tf32(kh <= n + 1 ? y.y : 0.0f);
    }
#pragma unroll
    for (int i = 0; i < BM / 2; ++i) fence_acc(acc[i]);
    wgmma_fence();
#pragma unroll
    for (int kk = 0; kk < BK / 8; ++kk) {
      const uint64_t desc = sw128_desc_u32(st + kk * 32);
      WGMMA(acc, a[kk], desc, 1);
    }
    wgmma_commit();
    wgmma_wait<0>();
#pragma unroll
    for (int i = 0; i < BM / 2; ++i) fence_acc(acc[i]);
#pragma unroll
    for (int kk = 0; kk < BK / 8; ++kk) fence_frag(a[kk]);
    mbar_arrive(&empty[s]);
  }

#pragma unroll
  for (int j = 0; j < BM / 8; ++j) {
    float* c = C + (size_t)(m0 + 8 * j + 2 * t) * N + n;
    *reinterpret_cast<float2*>(c) = make_float2(acc[4 * j], acc[4 * j + 2]);
    *reinterpret_cast<float2*>(c + N) = make_float2(acc[4 * j + 1], acc[4 * j + 3]);
  }
}
