// Honest control: BF16 WMMA m16n16k16 with FP32 accumulate. 128 threads (2x2 warps) per 64x64
// tile of C, each warp 32x32 as 2x2 fragments, K-slabs of 32 staged in shared memory (row
// strides of 40 and 72 elements: 16-byte multiples, fragment pointers 32-byte aligned).
// Requires M, N multiples of 64 and K a multiple of 32.
#include <cuda_bf16.h>
#include <mma.h>
using namespace nvcuda;

#define BM 64
#define BN 64
#define BK 32
#define AST (BK + 8)
#define BST (BN + 8)

extern "C" __global__ void __launch_bounds__(128)
    gemm_bf16_wmma(const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
                   float* __restrict__ C, int M, int N, int K) {
  __shared__ __align__(128) __nv_bfloat16 As[BM][AST];
  __shared__ __align__(128) __nv_bfloat16 Bs[BK][BST];
  const int tid = threadIdx.x, warp = tid >> 5;
  const int wr = warp >> 1, wc = warp & 1;
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int r = 0; r < 16; ++r) {  // 2048 elements of A and of B: sixteen each per thread
      const int idx = tid + r * 128;
      const int am = idx >> 5, ak = idx & 31;
      As[am][ak] = A[(size_t)(bRow + am) * K + k0 + ak];
      const int bk = idx >> 6, bn = idx & 63;
      Bs[bk][bn] = B[(size_t)(k0 + bk) * N + bCol + bn];
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a[2];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 2; ++i) wmma::load_matrix_sync(a[i], &As[wr * 32 + i * 16][kk], AST);
#pragma unroll
      for (int j = 0; j < 2; ++j) wmma::load_matrix_sync(b[j], &Bs[kk][wc * 32 + j * 16], BST);
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
#include <wmma_2x2_store.cuh>  // the warp's 32x32 of C (kernels/gemm)
}
