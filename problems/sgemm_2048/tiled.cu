// A shared-memory and register-tiled FP32 GEMM whose every structural choice is a knob:
//   BM, BN  block tile (BM x BN outputs of C per block)
//   BK      K step: columns of A / rows of B staged in shared memory per step
//   TM, TN  register tile (TM x TN outputs per thread); the block has (BM/TM)*(BN/TN) threads
//   VEC     width of the global loads that stage the tiles (1, 2 or 4 floats: 32-128 bits)
//   PAD     one float of padding per row of A's k-major shared tile (bank conflicts of the
//           transposing store: without it the VEC lanes of a load hit one bank)
//   DB      0: one shared stage, two barriers per K step, loads exposed; 1: two stages, the
//           next step's tile loaded into registers while this one is consumed, one barrier
// A thread's outputs are interleaved (rows ty + i*BM/TM, columns tx + j*BN/TN), so its shared
// reads are broadcasts (A) or consecutive words (B), and its stores of C are coalesced.
// Requires M % BM == 0, N % BN == 0, K % BK == 0 and whole loads per thread (constraints).
#ifndef BM
#define BM 64
#endif
#ifndef BN
#define BN 64
#endif
#ifndef BK
#define BK 16
#endif
#ifndef TM
#define TM 4
#endif
#ifndef TN
#define TN 4
#endif
#ifndef VEC
#define VEC 4
#endif
#ifndef PAD
#define PAD 1
#endif
#ifndef DB
#define DB 1
#endif
#define TY (BM / TM)
#define TX (BN / TN)
#define THREADS (TY * TX)
#define A_LOADS (BM * BK / VEC / THREADS)  // vector loads of A per thread and K step
#define B_LOADS (BK * BN / VEC / THREADS)
#define AS_STRIDE (BM + PAD)
#define STAGES (1 + DB)
#define AS_FLOATS (BK * AS_STRIDE)
#define BS_FLOATS (BK * BN)

#include <vec_width.cuh>   // vec_t by VEC (kernels/elementwise)
#include <regtile_acc.cuh>  // ACC_ZERO (kernels/gemm)

__device__ __forceinline__ float lane(const vec_t& v, int e) {
  return reinterpret_cast<const float*>(&v)[e];
}

// The K step starting at k0 into registers: A's units run along k (BK/VEC per row), B's along n.
__device__ __forceinline__ void load_tiles(const float* __restrict__ A,
                                           const float* __restrict__ B, vec_t* ra, vec_t* rb,
                                           int bRow, int bCol, int k0, int N, int K, int tid) {
#pragma unroll
  for (int i = 0; i < A_LOADS; ++i) {
    const int u = tid + i * THREADS;
    const int r = u / (BK / VEC), c = (u % (BK / VEC)) * VEC;
    ra[i] = *reinterpret_cast<const vec_t*>(A + (size_t)(bRow + r) * K + k0 + c);
  }
#pragma unroll
  for (int i = 0; i < B_LOADS; ++i) {
    const int u = tid + i * THREADS;
    const int r = u / (BN / VEC), c = (u % (BN / VEC)) * VEC;
    rb[i] = *reinterpret_cast<const vec_t*>(B + (size_t)(k0 + r) * N + bCol + c);
  }
}

// Registers into one shared stage: A transposed to k-major (As[k][m]), B as it lies (Bs[k][n]).
__device__ __forceinline__ void store_tiles(float* As, float* Bs, const vec_t* ra,
                                            const vec_t* rb, int tid) {
#pragma unroll
  for (int i = 0; i < A_LOADS; ++i) {
    const int u = tid + i * THREADS;
    const int r = u / (BK / VEC), c = (u % (BK / VEC)) * VEC;
#pragma unroll
    for (int e = 0; e < VEC; ++e) As[(c + e) * AS_STRIDE + r] = lane(ra[i], e);
  }
#pragma unroll
  for (int i = 0; i < B_LOADS; ++i) {
    const int u = tid + i * THREADS;
    const int r = u / (BN / VEC), c = (u % (BN / VEC)) * VEC;
    *reinterpret_cast<vec_t*>(Bs + r * BN + c) = rb[i];
  }
}

extern "C" __global__ void __launch_bounds__(THREADS)
    sgemm_tiled(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                int M, int N, int K) {
  extern __shared__ __align__(16) float smem[];
  float* As0 = smem;
  float* Bs0 = smem + STAGES * AS_FLOATS;
  const int tid = threadIdx.x;
  const int ty = tid / TX, tx = tid % TX;
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;
  float acc[TM][TN];
  ACC_ZERO(acc);
  vec_t ra[A_LOADS], rb[B_LOADS];
  const int steps = K / BK;
  load_tiles(A, B, ra, rb, bRow, bCol, 0, N, K, tid);
  store_tiles(As0, Bs0, ra, rb, tid);
  __syncthreads();
  for (int t = 0; t < steps; ++t) {
    const int cur = DB ? (t & 1) : 0;
    const float* As = As0 + cur * AS_FLOATS;
    const float* Bs = Bs0 + cur * BS_FLOATS;
#if DB
    if (t + 1 < steps) load_tiles(A, B, ra, rb, bRow, bCol, (t + 1) * BK, N, K, tid);
#endif
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
#pragma unroll
      for (int i = 0; i < TM; ++i) a[i] = As[k * AS_STRIDE + ty + i * TY];
#pragma unroll
      for (int j = 0; j < TN; ++j) b[j] = Bs[k * BN + tx + j * TX];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
    if (t + 1 < steps) {
#if DB
      store_tiles(As0 + (cur ^ 1) * AS_FLOATS, Bs0 + (cur ^ 1) * BS_FLOATS, ra, rb, tid);
      __syncthreads();
#else
      __syncthreads();
      load_tiles(A, B, ra, rb, bRow, bCol, (t + 1) * BK, N, K, tid);
      store_tiles(As0, Bs0, ra, rb, tid);
      __syncthreads();
#endif
    }
  }
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j)
      C[(size_t)(bRow + ty + i * TY) * N + bCol + tx + j * TX] = acc[i][j];
}
