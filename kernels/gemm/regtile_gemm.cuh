// Register tiling: a 256-thread block computes a 128x128 tile of C, each thread an 8x8 sub-tile
// held in registers, so every value read from shared memory feeds 8 FMAs instead of 1. Global
// loads and stores are 128-bit (float4). A thread's 8 rows are tRow*4+{0..3} and 64+tRow*4+{0..3}
// (columns likewise), so a quarter-warp's float4 reads of a shared row hit 32 distinct banks.
// Requires M, N multiples of 128 and K a multiple of 8 (constraints in problem.yaml); float4
// alignment follows from N and K being multiples of 4 and cudaMalloc's 256-byte alignment.
// The including file names the kernel (GEMM_ENTRY) and defines GEMM_BATCHED for torch.bmm's
// layout (blockIdx.z the batch); the body is the same for matmul and batched_gemm (issue 33).
// GEMM_TRI is matmul_tri's C = triu(triu(A) . triu(B)) (square N, N % 128 == 0): blocks wholly
// below the diagonal write zeros and leave; the others walk k from their first row to their last
// column, masking triu(A) (k >= row) and triu(B) (k <= col) as they stage, so diagonal tiles need
// no special path, and write the lower triangle of a diagonal tile as 0.
#define BM 128
#define BN 128
#define BK 8
#define APAD 4  // As rows of 132 floats: the transposing stores of a warp hit 32 distinct banks

extern "C" __global__ void __launch_bounds__(256)
#ifdef GEMM_TRI
    GEMM_ENTRY(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int N) {
#else
    GEMM_ENTRY(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int M, int N, int K) {
#endif
#ifdef GEMM_BATCHED
  // torch.bmm: blockIdx.z is the batch; each batch is a contiguous M x K, K x N, M x N matrix.
  A += (size_t)blockIdx.z * M * K;
  B += (size_t)blockIdx.z * K * N;
  C += (size_t)blockIdx.z * M * N;
#endif
  __shared__ __align__(16) float As[BK][BM + APAD];  // A tile transposed: As[k][m]
  __shared__ __align__(16) float Bs[BK][BN];
  const int tid = threadIdx.x;
  const int tRow = tid >> 4, tCol = tid & 15;  // 16 x 16 threads, 8 x 8 outputs each
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;
#ifdef GEMM_TRI
  if (bRow > bCol + BN - 1) {
    const float4 z = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      float* Cr = C + (size_t)(bRow + (i >> 2) * 64 + tRow * 4 + (i & 3)) * N + bCol;
      *reinterpret_cast<float4*>(Cr + tCol * 4) = z;
      *reinterpret_cast<float4*>(Cr + 64 + tCol * 4) = z;
    }
    return;
  }
#endif
  // Loaders: A tile is 128 rows x 2 float4, B tile is 8 rows x 32 float4: one float4 each.
  const int aRow = tid >> 1, aK = (tid & 1) * 4;
  const int bK = tid >> 5, bN = (tid & 31) * 4;
#ifdef GEMM_TRI
  const int gaRow = bRow + aRow, gbCol = bCol + bN;
#else
  const float* Ap = A + (size_t)(bRow + aRow) * K + aK;
  const float* Bp = B + (size_t)bK * N + bCol + bN;

#endif
#include "regtile_mainloop.cuh"  // acc[8][8] and the K loop

#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int row = bRow + (i >> 2) * 64 + tRow * 4 + (i & 3);
    float* Cr = C + (size_t)row * N + bCol;
#ifdef GEMM_TRI
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int c0 = bCol + h * 64 + tCol * 4;  // the lower triangle of a diagonal tile is 0
      const float4 v = make_float4(
          row <= c0 + 0 ? acc[i][h * 4 + 0] : 0.0f, row <= c0 + 1 ? acc[i][h * 4 + 1] : 0.0f,
          row <= c0 + 2 ? acc[i][h * 4 + 2] : 0.0f, row <= c0 + 3 ? acc[i][h * 4 + 3] : 0.0f);
      *reinterpret_cast<float4*>(Cr + h * 64 + tCol * 4) = v;
    }
#else
    *reinterpret_cast<float4*>(Cr + tCol * 4) =
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(Cr + 64 + tCol * 4) =
        make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
#endif
  }
}
