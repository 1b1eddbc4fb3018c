// A warp-tiled FP32 SIMT GEMM with a cp.async multi-stage pipeline for both operands (the
// "siboehm" warptiling design, fed like a CUTLASS SIMT mainloop). Knobs (the including file's
// -D defines, problem.yaml's knob space):
//   BM, BN   block tile: BM x BN outputs of C per block
//   WM, WN   warp tile: each warp owns a WM x WN sub-tile; the block has (BM/WM)*(BN/WN) warps
//   BK       K step staged per pipeline stage
//   STAGES   shared-memory stages (2: double buffering; 3, 4: more K steps in flight)
//   VEC      floats per cp.async (4: 16-byte .cg copies; 2: 8-byte .ca copies)
//   MINB     __launch_bounds__'s blocks an SM (2: at most 128 registers a 256-thread lane)
// A warp's 32 lanes are 4 rows x 8 columns; a lane holds (WM/4) x (WN/8) accumulators: rows
// lr + 4i (i < WM/4), columns in groups of four, 32 apart. A is kept row-major in shared memory
// (As[m][k], no transpose: cp.async copies it as it is in global memory), its rows WT_AST =
// BK + 4 floats apart, so that one float4 read gives a lane four k values of one row and the
// four rows a warp reads fall in four disjoint bank groups; B (Bs[k][n]) gives four columns.
// Per four k steps a lane issues WM/4 + WN/8 float4 reads for WM*WN/8 FMAs; the eight lanes of
// a quarter warp read one A address (a broadcast) and 128 contiguous bytes of B.
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
#define WT_AST (BK + 4)  // A's shared row stride (floats): 16-byte aligned, bank-spread

// One VEC-float copy global -> shared: 16 bytes bypass L1 (.cg), smaller copies must use .ca.
__device__ __forceinline__ void wt_copy(float* smem, const float* gmem) {
#if VEC == 4
  ca_cp16(ca_smem(smem), gmem);
#else
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" ::"r"(ca_smem(smem)), "l"(gmem),
               "n"(VEC * 4)
               : "memory");
#endif
}

extern "C" __global__ void __launch_bounds__(WT_THREADS, MINB)
    GEMM_ENTRY(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int M, int N, int K) {
  extern __shared__ __align__(16) float wt_smem[];
  float* As = wt_smem;                          // [STAGES][BM][WT_AST]
  float* Bs = wt_smem + STAGES * BM * WT_AST;  // [STAGES][BK][BN]
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int wm0 = (warp / WT_WARPS_N) * WM, wn0 = (warp % WT_WARPS_N) * WN;
  const int lr = lane >> 3, lc = lane & 7;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const float* Ag = A + (size_t)m0 * K;
  const float* Bg = B + n0;

  auto load_tile = [&](int stage, int k0) {
    float* as = As + stage * (BM * WT_AST);
#pragma unroll
    for (int i = 0; i < BM * BK / VEC / WT_THREADS; ++i) {
      const int idx = tid + i * WT_THREADS;
      const int r = idx / (BK / VEC), c = (idx % (BK / VEC)) * VEC;
      wt_copy(as + r * WT_AST + c, Ag + (size_t)r * K + k0 + c);
    }
    float* bs = Bs + stage * (BK * BN);
#pragma unroll
    for (int i = 0; i < BK * BN / VEC / WT_THREADS; ++i) {
      const int idx = tid + i * WT_THREADS;
      const int r = idx / (BN / VEC), c = (idx % (BN / VEC)) * VEC;
      wt_copy(bs + r * BN + c, Bg + (size_t)(k0 + r) * N + c);
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
    const float* as = As + rs * (BM * WT_AST) + (wm0 + lr) * WT_AST;
    const float* bs = Bs + rs * (BK * BN) + wn0 + lc * 4;
#pragma unroll
    for (int kq = 0; kq < BK / 4; ++kq) {
      float4 a[WT_TM];
#pragma unroll
      for (int i = 0; i < WT_TM; ++i)
        a[i] = *reinterpret_cast<const float4*>(as + i * 4 * WT_AST + kq * 4);
#pragma unroll
      for (int kk = 0; kk < 4; ++kk) {
        float b[WT_TN];
#pragma unroll
        for (int j = 0; j < WT_TN / 4; ++j) {
          const float4 v = *reinterpret_cast<const float4*>(bs + (kq * 4 + kk) * BN + j * 32);
          b[4 * j] = v.x, b[4 * j + 1] = v.y, b[4 * j + 2] = v.z, b[4 * j + 3] = v.w;
        }
#pragma unroll
        for (int i = 0; i < WT_TM; ++i) {
          const float ak = kk == 0 ? a[i].x : kk == 1 ? a[i].y : kk == 2 ? a[i].z : a[i].w;
#pragma unroll
          for (int j = 0; j < WT_TN; ++j) acc[i][j] = fmaf(ak, b[j], acc[i][j]);
        }
      }
    }
    rs = rs + 1 == STAGES ? 0 : rs + 1;
    ws = ws + 1 == STAGES ? 0 : ws + 1;
  }

#pragma unroll
  for (int i = 0; i < WT_TM; ++i) {
    float* Cr = C + (size_t)(m0 + wm0 + lr + 4 * i) * N + n0 + wn0 + lc * 4;
#pragma unroll
    for (int j = 0; j < WT_TN / 4; ++j)
      *reinterpret_cast<float4*>(Cr + j * 32) =
          make_float4(acc[i][4 * j], acc[i][4 * j + 1], acc[i][4 * j + 2], acc[i][4 * j + 3]);
  }
}
