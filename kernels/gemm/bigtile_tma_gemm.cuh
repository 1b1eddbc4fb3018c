// bigtile_gemm.cuh's design with both operands copied by the bulk tensor copy engine (TMA), so
// that no thread spends issue slots on copies or their addresses (issue 33, sgemm_2048): one
// thread issues a slab's boxes (BK / 8 of A, each BM rows x 8 floats, and one of B, BK x BN),
// completing on the slot's mbarrier; every thread waits on it, then the block's barrier. The
// copy engine cannot transpose, so A stays row-major in shared memory (rows of 8 floats, 32
// bytes, one box per 8 k): a thread reads four k of one row per float4 (8 rows: 8 float4 reads
// per four k steps, what bigtile's transposed A costs) and keeps them in 32 registers, which is
// why the thread tile is 8 x 16 only. A warp's lanes are 4 rows x 8 columns, its 4 lane rows
// consecutive (thread rows lr + 4i), so a float4 read of A touches 4 x 32 contiguous bytes and
// one of B 8 x 16: one wavefront each, no bank conflict, no swizzle. B's fragments are
// double-buffered in registers across k; A's next four-k group is read row by row as the last
// FMAs of the current group retire its registers, across the slab barrier too. Knobs:
//   BM, BN   block tile (128 x 128: 128 threads, two blocks an SM; 128 x 256, 256 x 128: 256)
//   BK       K extent of a slab (8 or 16)
//   STAGES   slots in the ring (2-4)
//   SWZ      block raster as in bigtile_gemm.cuh (1: row-major; G: groups of G tile rows)
// The launch passes the tensor maps tmA (box [BM, 8]) and tmB (box [BK, BN]), no swizzle.
// Requires M % BM == 0, N % BN == 0, K % BK == 0. The including file names the kernel
// (GEMM_ENTRY); the grid is one-dimensional, (M / BM) * (N / BN) blocks.
#include <mbar_ops.cuh>
#include <tma_ops.cuh>

#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 128
#endif
#ifndef BK
#define BK 8
#endif
#ifndef STAGES
#define STAGES 3
#endif
#ifndef SWZ
#define SWZ 1
#endif
#define BTT_WN (BN / 128)                  // warps along N (a warp is 32 x 128)
#define BTT_THREADS (BM * BN / 128)        // 128 outputs a thread
#define BTT_SA (BK * BM)                   // floats of A a slot: BK / 8 boxes of BM x 8
#define BTT_SB (BK * BN)                   // floats of B a slot
#define BTT_BYTES ((BTT_SA + BTT_SB) * 4)  // a slab's bytes, the slot's transaction count

extern "C" __global__ void __launch_bounds__(BTT_THREADS)
    GEMM_ENTRY(const __grid_constant__ TensorMap tmA, const __grid_constant__ TensorMap tmB,
               float* __restrict__ C, int M, int N, int K) {
  // Dynamic shared memory, aligned here to 128 bytes (the copy engine's need): STAGES slots of
  // A, then of B, then one mbarrier a slot.
  extern __shared__ __align__(128) unsigned char btt_raw[];
  const unsigned raw = static_cast<unsigned>(__cvta_generic_to_shared(btt_raw));
  float* As = reinterpret_cast<float*>(btt_raw + ((128u - (raw & 127u)) & 127u));
  float* Bs = As + STAGES * BTT_SA;
  cuda::std::uint64_t* full = reinterpret_cast<cuda::std::uint64_t*>(Bs + STAGES * BTT_SB);
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int lr = lane >> 3, lc = lane & 7;
  const int wm0 = (warp / BTT_WN) * 32, wn0 = (warp % BTT_WN) * 128;

  const int nbn = N / BN;
  int bm, bn;
#if SWZ > 1
  {
    const int id = blockIdx.x, per = SWZ * nbn, g = id / per, first = g * SWZ;
    const int rows = min(SWZ, M / BM - first), in = id - g * per;
    bm = first + in % rows;
    bn = in / rows;
  }
#else
  bm = blockIdx.x / nbn;
  bn = blockIdx.x - bm * nbn;
#endif
  const int m0 = bm * BM, n0 = bn * BN;

  if (tid == 0) {
#pragma unroll
    for (int s = 0; s < STAGES; ++s) mbar_init(&full[s], 1);
    mbar_fence_init();
    tma_prefetch_map(&tmA);
    tma_prefetch_map(&tmB);
  }
  __syncthreads();
  // Thread 0 only: slab k0 into `slot`, completing on full[slot].
  auto load = [&](int slot, int k0) {
    mbar_arrive_expect_tx(&full[slot], BTT_BYTES);
#pragma unroll
    for (int h = 0; h < BK / 8; ++h)
      tma_load_2d(static_cast<unsigned>(__cvta_generic_to_shared(As + slot * BTT_SA + h * BM * 8)),
                  &tmA, k0 + 8 * h, m0, &full[slot]);
    tma_load_2d(static_cast<unsigned>(__cvta_generic_to_shared(Bs + slot * BTT_SB)), &tmB, n0, k0,
                &full[slot]);
  };

  float acc[8][16];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 16; ++j) acc[i][j] = 0.0f;

  const int tiles = K / BK;
  if (tid == 0) {
#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s)
      if (s < tiles) load(s, s * BK);
  }
  mbar_wait(&full[0], 0);

  // Rows wm0 + lr + 4i of the slot's A (row r of the h-th box at r * 8 + h * BM * 8 floats),
  // columns wn0 + lc * 4 + 32g of its B.
  const float* as = As + (wm0 + lr) * 8;
  const float* bs = Bs + wn0 + lc * 4;
  float4 a4[8];  // four k of each row: the current group
  float b[2][16];
  auto frag_b = [&](float* fb, int k) {
#pragma unroll
    for (int g = 0; g < 4; ++g) {
      const float4 v = *reinterpret_cast<const float4*>(bs + k * BN + g * 32);
      fb[4 * g] = v.x, fb[4 * g + 1] = v.y, fb[4 * g + 2] = v.z, fb[4 * g + 3] = v.w;
    }
  };
#define BTT_A(i, q) \
  (*reinterpret_cast<const float4*>(as + ((q) >> 1) * BM * 8 + (i)*32 + ((q)&1) * 4))
#pragma unroll
  for (int i = 0; i < 8; ++i) a4[i] = BTT_A(i, 0);
  frag_b(b[0], 0);

  int rs = 0, ws = STAGES - 1;
  for (int t = 0; t < tiles; ++t) {
    // Slab t + STAGES - 1 into slot ws: every thread left it at the barrier ending step t - 1.
    if (tid == 0 && t + STAGES - 1 < tiles) load(ws, (t + STAGES - 1) * BK);
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      if (k == BK - 1) {
        // Slab t + 1 landed (its slot's phase), and every thread is past its reads of slab t's
        // other k; its first fragments are read before this slab's last FMAs.
        if (t + 1 < tiles) {
          const int n = t + 1;
          mbar_wait(&full[rs + 1 == STAGES ? 0 : rs + 1], (n / STAGES) & 1);
        }
        __syncthreads();
        rs = rs + 1 == STAGES ? 0 : rs + 1;
        ws = ws + 1 == STAGES ? 0 : ws + 1;
        as = As + rs * BTT_SA + (wm0 + lr) * 8;
        bs = Bs + rs * BTT_SB + wn0 + lc * 4;
        frag_b(b[(k + 1) & 1], 0);
      } else {
        frag_b(b[(k + 1) & 1], k + 1);
      }
#pragma unroll
      for (int i = 0; i < 8; ++i) {
        const float av = (k & 3) == 0   ? a4[i].x
                         : (k & 3) == 1 ? a4[i].y
                         : (k & 3) == 2 ? a4[i].z
                                        : a4[i].w;
#pragma unroll
        for (int j = 0; j < 16; ++j) acc[i][j] = fmaf(av, b[k & 1][j], acc[i][j]);
        // The group's last k: row i's registers take the next group (the next slab's first
        // after the barrier above).
        if ((k & 3) == 3) a4[i] = BTT_A(i, k == BK - 1 ? 0 : (k + 1) >> 2);
      }
    }
  }
#undef BTT_A

#pragma unroll
  for (int i = 0; i < 8; ++i) {
    float* Cr = C + (size_t)(m0 + wm0 + lr + 4 * i) * N + n0 + wn0 + lc * 4;
#pragma unroll
    for (int g = 0; g < 4; ++g)
      *reinterpret_cast<float4*>(Cr + g * 32) =
          make_float4(acc[i][4 * g], acc[i][4 * g + 1], acc[i][4 * g + 2], acc[i][4 * g + 3]);
  }
}
