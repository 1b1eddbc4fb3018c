// The knob space of the mage field notes' 1024^3 FP32 matmul, one source for all of it:
//   KMAJOR  A staged k-major in shared memory (As[k][m], float4 reads along m) or as it lies
//           in global memory (As[m][k], scalar reads, one row per output row)
//   VEC     staging loads of 128 bits (float4) or 32 bits (scalar)
//   STRUCT  how the staging is written: 0 one loop over A's and B's units together, sharing
//           one decomposition of a unit index into (row, column); 1 a guard-free loop per
//           operand with a trip count known at compile time; 2 one branch per tile (interior
//           tiles take the guard-free loops, an edge tile would take bounds-checked loads)
//   BK      K step (columns of A / rows of B staged per barrier pair): 16, 32, 64, 128
//   BM      block tile (BM x BM outputs), TM register tile (TM x TM outputs per thread)
// A thread's rows are g*(BM/NG) + ty*4 + {0..3} for g < NG = TM/4 (columns likewise), so the
// float4 reads of one shared row by a quarter-warp hit 32 distinct banks. Shared memory is
// dynamic: BK = 128 with BM = 128 needs 130 KiB (the host opts in above 48 KiB).
// Requires M, N % BM == 0 and K % BK == 0 for the guard-free paths (constraints).
#ifndef KMAJOR
#define KMAJOR 1
#endif
#ifndef VEC
#define VEC 1
#endif
#ifndef STRUCT
#define STRUCT 1
#endif
#ifndef BK
#define BK 16
#endif
#ifndef BM
#define BM 128
#endif
#ifndef TM
#define TM 8
#endif
#define BN BM
#define TN TM
#define NG (TM / 4)                       // 4-wide groups per thread and dimension
#define TCOLS (BN / TN)                   // threads along a row of the block tile
#define THREADS ((BM / TM) * (BN / TN))
#define W (VEC ? 4 : 1)                   // floats per staging unit
#define A_UNITS (BM * BK / W)
#define B_UNITS (BK * BN / W)
#if KMAJOR
#define AS_STRIDE (BM + 4)                // As[k][m]; +4 keeps float4 alignment, shifts banks
#define AS(m, k) As[(k) * AS_STRIDE + (m)]
#define AS_FLOATS (BK * AS_STRIDE)
#else
#define AS_STRIDE (BK + 4)                // As[m][k]
#define AS(m, k) As[(m) * AS_STRIDE + (k)]
#define AS_FLOATS (BM * AS_STRIDE)
#endif
#define BS(k, n) Bs[(k) * BN + (n)]
#include <regtile_acc.cuh>  // ACC_ZERO (kernels/gemm)

// One staging unit u of operand `isA` (W floats): (row, col) within the tile from one shared
// decomposition, global load (vector or scalar), store in the operand's shared layout.
__device__ __forceinline__ void stage_unit(bool isA, int u, const float* __restrict__ A,
                                           const float* __restrict__ B, float* As, float* Bs,
                                           int bRow, int bCol, int k0, int M, int N, int K,
                                           bool guarded) {
  const int width = isA ? BK / W : BN / W;  // units per tile row
  const int r = u / width, c = (u % width) * W;
  float v[W];
  if (isA) {
    const int gm = bRow + r, gk = k0 + c;
    const float* p = A + (size_t)gm * K + gk;
#if VEC
    if (!guarded || (gm < M && gk + 3 < K)) {
      const float4 q = *reinterpret_cast<const float4*>(p);
      v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
    } else {
      for (int e = 0; e < W; ++e) v[e] = gm < M && gk + e < K ? p[e] : 0.0f;
    }
#else
    v[0] = !guarded || (gm < M && gk < K) ? *p : 0.0f;
#endif
#pragma unroll
    for (int e = 0; e < W; ++e) AS(r, c + e) = v[e];
  } else {
    const int gk = k0 + r, gn = bCol + c;
    const float* p = B + (size_t)gk * N + gn;
#if VEC
    if (!guarded || (gk < K && gn + 3 < N)) {
      const float4 q = *reinterpret_cast<const float4*>(p);
      v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
    } else {
      for (int e = 0; e < W; ++e) v[e] = gk < K && gn + e < N ? p[e] : 0.0f;
    }
#else
    v[0] = !guarded || (gk < K && gn < N) ? *p : 0.0f;
#endif
#if VEC
    *reinterpret_cast<float4*>(&BS(r, c)) = make_float4(v[0], v[1], v[2], v[3]);
#else
    BS(r, c) = v[0];
#endif
  }
}

__device__ __forceinline__ void stage_guard_free(int tid, const float* __restrict__ A,
                                                 const float* __restrict__ B, float* As, float* Bs,
                                                 int bRow, int bCol, int k0, int M, int N, int K) {
  // Trip counts are compile-time constants (up to 256 at BK = 128); unrolling by 4 keeps the
  // loops guard-free without a register file's worth of addresses in flight.
#pragma unroll 4
  for (int i = 0; i < A_UNITS / THREADS; ++i)
    stage_unit(true, tid + i * THREADS, A, B, As, Bs, bRow, bCol, k0, M, N, K, false);
#pragma unroll 4
  for (int i = 0; i < B_UNITS / THREADS; ++i)
    stage_unit(false, tid + i * THREADS, A, B, As, Bs, bRow, bCol, k0, M, N, K, false);
}

extern "C" __global__ void __launch_bounds__(THREADS)
    mm_knob(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
            int M, int N, int K) {
  extern __shared__ __align__(16) float smem[];
  float* As = smem;
  float* Bs = smem + AS_FLOATS;
  const int tid = threadIdx.x;
  const int ty = tid / TCOLS, tx = tid % TCOLS;
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;

  float acc[TM][TN];
  ACC_ZERO(acc);

  for (int k0 = 0; k0 < K; k0 += BK) {
#if STRUCT == 0
    for (int u = tid; u < A_UNITS + B_UNITS; u += THREADS) {
      const bool isA = u < A_UNITS;
      stage_unit(isA, isA ? u : u - A_UNITS, A, B, As, Bs, bRow, bCol, k0, M, N, K, false);
    }
#elif STRUCT == 1
    stage_guard_free(tid, A, B, As, Bs, bRow, bCol, k0, M, N, K);
#else
    if (bRow + BM <= M && bCol + BN <= N && k0 + BK <= K) {
      stage_guard_free(tid, A, B, As, Bs, bRow, bCol, k0, M, N, K);
    } else {
      for (int u = tid; u < A_UNITS; u += THREADS)
        stage_unit(true, u, A, B, As, Bs, bRow, bCol, k0, M, N, K, true);
      for (int u = tid; u < B_UNITS; u += THREADS)
        stage_unit(false, u, A, B, As, Bs, bRow, bCol, k0, M, N, K, true);
    }
#endif
    __syncthreads();
#pragma unroll 4
    for (int k = 0; k < BK; ++k) {
      float ar[TM], br[TN];
#pragma unroll
      for (int g = 0; g < NG; ++g) {
        const int m0 = g * (BM / NG) + ty * 4;
#if KMAJOR
        const float4 a4 = *reinterpret_cast<const float4*>(&AS(m0, k));
        ar[g * 4 + 0] = a4.x, ar[g * 4 + 1] = a4.y, ar[g * 4 + 2] = a4.z, ar[g * 4 + 3] = a4.w;
#else
#pragma unroll
        for (int i = 0; i < 4; ++i) ar[g * 4 + i] = AS(m0 + i, k);
#endif
        const float4 b4 = *reinterpret_cast<const float4*>(&BS(k, g * (BN / NG) + tx * 4));
        br[g * 4 + 0] = b4.x, br[g * 4 + 1] = b4.y, br[g * 4 + 2] = b4.z, br[g * 4 + 3] = b4.w;
      }
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(ar[i], br[j], acc[i][j]);
    }
    __syncthreads();
  }

#pragma unroll
  for (int gi = 0; gi < NG; ++gi)
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int row = bRow + gi * (BM / NG) + ty * 4 + i;
#pragma unroll
      for (int gj = 0; gj < NG; ++gj) {
        const int col = bCol + gj * (BN / NG) + tx * 4;
        const float* a = acc[gi * 4 + i] + gj * 4;
        *reinterpret_cast<float4*>(C + (size_t)row * N + col) = make_float4(a[0], a[1], a[2], a[3]);
      }
    }
}
