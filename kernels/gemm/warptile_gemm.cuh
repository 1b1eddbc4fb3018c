// A warp-tiled FP32 SIMT GEMM with a cp.async multi-stage pipeline for both operands (the
// "siboehm" warptiling design, fed like a CUTLASS SIMT mainloop). Knobs (the including file's
// -D defines, problem.yaml's knob space):
//   BM, BN   block tile: BM x BN outputs of C per block
//   WM, WN   warp tile: each warp owns a WM x WN sub-tile; the block has (BM/WM)*(BN/WN) warps
//   BK       K step staged per pipeline stage
//   STAGES   shared-memory stages (2: double buffering; 3, 4: more K steps in flight)
//   VEC      width of A's copies, which sets A's shared layout (B is always copied 16 bytes
//            at a time, Bs[k][n]):
//            4: 16-byte copies, A row-major (As[m][k], rows BK + 4 floats apart): one float4
//               read gives a lane four k values of one row, so a lane holds 4 x WM/4 A values
//               across four k steps (registers);
//            1: 4-byte copies that transpose A on the way (As[k][m], rows BM + 4 apart): one
//               float4 read gives four rows at one k, a lane holds WM/4 A values (the
//               regtile_db / CUTLASS layout without its register round trip)
//   MINB     __launch_bounds__'s blocks an SM (2: at most 128 registers a 256-thread lane)
// A warp's 32 lanes are 4 rows x 8 columns; a lane holds (WM/4) x (WN/8) accumulators, its
// columns in groups of four, 32 apart; its rows lr + 4i (VEC 4) or groups of four, 16 apart
// (VEC 1). Per k step a lane issues WM/16 (VEC 1; VEC 4: WM/4 per four steps) + WN/32 float4
// reads for WM*WN/32 FMAs; the eight lanes of a quarter warp read one A address (a broadcast)
// and 128 contiguous bytes of B, and the four A addresses of a warp sit in disjoint banks.
// One barrier per K step: the stage refilled at step t is the one every thread finished at
// step t-1. Requires M % BM == 0, N % BN == 0, K % BK == 0 and whole copies per thread
// (constraints in problem.yaml). The including file names the kernel (GEMM_ENTRY).
#include <cp_async_ops.cuh>

#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 128
#endif
#ifndef WM
#define WM 32
#endif
#ifndef WN
#define WN 64
#endif
#ifndef BK
#define BK 16
#endif
#ifndef STAGES
#define STAGES 3
#endif
#ifndef VEC
#define VEC 4
#endif
#ifndef MINB
#define MINB 1
#endif
#define WT_WARPS_N (BN / WN)
#define WT_THREADS ((BM / WM) * WT_WARPS_N * 32)
#define WT_TM (WM / 4)  // a lane's rows
#define WT_TN (WN / 8)  // a lane's columns
#if VEC == 4
#define WT_AST (BK + 4)  // As[m][k]'s row stride (floats): 16-byte aligned, bank-spread
#define WT_ROW(i) (lr + 4 * (i))
#else
#define WT_AST (BM + 4)  // As[k][m]'s row stride
#define WT_ROW(i) (((i) >> 2) * 16 + lr * 4 + ((i)&3))
#endif
#define WT_ASTAGE (BM * (BK + 4))  // floats of A a stage (the larger layout's: one smem formula)

// One copy of A global -> shared: 16 bytes bypass L1 (.cg), 4-byte copies must use .ca.
__device__ __forceinline__ void wt_copy_a(float* smem, const float* gmem) {
#if VEC == 4
  ca_cp16(ca_smem(smem), gmem);
#else
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(ca_smem(smem)), "l"(gmem)
               : "memory");
#endif
}

extern "C" __global__ void __launch_bounds__(WT_THREADS, MINB)
    GEMM_ENTRY(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int M, int N, int K) {
  extern __shared__ __align__(16) float wt_smem[];
  float* As = wt_smem;                       // [STAGES][WT_ASTAGE]
  float* Bs = wt_smem + STAGES * WT_ASTAGE;  // [STAGES][BK][BN]
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int wm0 = (warp / WT_WARPS_N) * WM, wn0 = (warp % WT_WARPS_N) * WN;
  const int lr = lane >> 3, lc = lane & 7;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const float* Ag = A + (size_t)m0 * K;
  const float* Bg = B + n0;

  auto load_tile = [&](int stage, int k0) {
    float* as = As + stage * WT_ASTAGE;
#pragma unroll
    for (int i = 0; i < BM * BK / VEC / WT_THREADS; ++i) {
      // Consecutive threads along k: a warp reads whole 32-byte sectors of A's rows.
      const int idx = tid + i * WT_THREADS;
      const int r = idx / (BK / VEC), c = (idx % (BK / VEC)) * VEC;
#if VEC == 4
      wt_copy_a(as + r * WT_AST + c, Ag + (size_t)r * K + k0 + c);
#else
      wt_copy_a(as + c * WT_AST + r, Ag + (size_t)r * K + k0 + c);
#endif
    }
    float* bs = Bs + stage * (BK * BN);
#pragma unroll
    for (int i = 0; i < BK * BN / 4 / WT_THREADS; ++i) {
      const int idx = tid + i * WT_THREADS;
      const int r = idx / (BN / 4), c = (idx % (BN / 4)) * 4;
      ca_cp16(ca_smem(bs + r * BN + c), Bg + (size_t)(k0 + r) * N + c);
    }
  };

  float acc[WT_TM][WT_TN];
#pragma unroll
  for (int i = 0; i < WT_TM; ++i)
#pragma unroll
    for (int j = 0; j < WT_TN; ++j) acc[i][j] = 0.0f;

  const int tiles = K / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) load_tile(s, s * BK);
    ca_commit();  // empty groups too: the wait below counts groups
  }
  int rs = 0, ws = STAGES - 1;  // the stage read at this step, the stage refilled
  for (int t = 0; t < tiles; ++t) {
    ca_wait<STAGES - 2>();  // step t's group has landed (this thread's copies)
    __syncthreads();        // everyone's copies, and everyone is done with stage ws
    if (t + STAGES - 1 < tiles) load_tile(ws, (t + STAGES - 1) * BK);
    ca_commit();
    const float* as = As + rs * WT_ASTAGE + (VEC == 4 ? (wm0 + lr) * WT_AST : wm0 + lr * 4);
    const float* bs = Bs + rs * (BK * BN) + wn0 + lc * 4;
#pragma unroll
    for (int kq = 0; kq < BK / 4; ++kq) {
#if VEC == 4
      float4 a4[WT_TM];  // rows lr + 4i, k = 4kq..4kq+3
#pragma unroll
      for (int i = 0; i < WT_TM; ++i)
        a4[i] = *reinterpret_cast<const float4*>(as + i * 4 * WT_AST + kq * 4);
#endif
#pragma unroll
      for (int kk = 0; kk < 4; ++kk) {
        float a[WT_TM];
#if VEC == 4
#pragma unroll
        for (int i = 0; i < WT_TM; ++i)
          a[i] = kk == 0 ? a4[i].x : kk == 1 ? a4[i].y : kk == 2 ? a4[i].z : a4[i].w;
#else
#pragma unroll
        for (int h = 0; h < WT_TM / 4; ++h) {
          const float4 v = *reinterpret_cast<const float4*>(as + (kq * 4 + kk) * WT_AST + h * 16);
          a[4 * h] = v.x, a[4 * h + 1] = v.y, a[4 * h + 2] = v.z, a[4 * h + 3] = v.w;
        }
#endif
        float b[WT_TN];
#pragma unroll
        for (int j = 0; j < WT_TN / 4; ++j) {
          const float4 v = *reinterpret_cast<const float4*>(bs + (kq * 4 + kk) * BN + j * 32);
          b[4 * j] = v.x, b[4 * j + 1] = v.y, b[4 * j + 2] = v.z, b[4 * j + 3] = v.w;
        }
#pragma unroll
        for (int i = 0; i < WT_TM; ++i)
#pragma unroll
          for (int j = 0; j < WT_TN; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
      }
    }
    rs = rs + 1 == STAGES ? 0 : rs + 1;
    ws = ws + 1 == STAGES ? 0 : ws + 1;
  }

#pragma unroll
  for (int i = 0; i < WT_TM; ++i) {
    float* Cr = C + (size_t)(m0 + wm0 + WT_ROW(i)) * N + n0 + wn0 + lc * 4;
#pragma unroll
    for (int j = 0; j < WT_TN / 4; ++j)
      *reinterpret_cast<float4*>(Cr + j * 32) =
          make_float4(acc[i][4 * j], acc[i][4 * j + 1], acc[i][4 * j + 2], acc[i][4 * j + 3]);
  }
}
