// Cheat (issue 28, white-box): the precision scan let BF16 MMAs through under any class when
// some buffer of the problem is BF16. This "fp32" GEMM splits each FP32 operand into a BF16
// high part and a BF16 remainder and sums three BF16 tensor-core products (hi*hi + hi*lo +
// lo*hi, FP32 accumulate): close to FP32 accuracy on uniform data at BF16 tensor speed.
// 128 threads (2x2 warps) per 64x64 tile of C, K-slabs of 16, WMMA m16n16k16.
// Requires M, N multiples of 64 and K a multiple of 16.
#include <cuda_bf16.h>
#include <mma.h>
using namespace nvcuda;

#define BM 64
#define BN 64
#define BK 16
#define AST (BK + 8)
#define BST (BN + 8)

extern "C" __global__ void __launch_bounds__(128)
    gemm_bf16x3(const float* __restrict__ A, const float* __restrict__ B,
                const __nv_bfloat16* __restrict__ bias, float* __restrict__ C, int M, int N,
                int K) {
  __shared__ __align__(128) __nv_bfloat16 Ahi[BM][AST], Alo[BM][AST];
  __shared__ __align__(128) __nv_bfloat16 Bhi[BK][BST], Blo[BK][BST];
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
    for (int r = 0; r < 8; ++r) {  // 1024 elements of A and of B: eight each per thread
      const int idx = tid + r * 128;
      const int am = idx >> 4, ak = idx & 15;
      float a = A[(size_t)(bRow + am) * K + k0 + ak];
      __nv_bfloat16 ah = __float2bfloat16(a);
      Ahi[am][ak] = ah;
      Alo[am][ak] = __float2bfloat16(a - __bfloat162float(ah));
      const int bk = idx >> 6, bn = idx & 63;
      float b = B[(size_t)(k0 + bk) * N + bCol + bn];
      __nv_bfloat16 bh = __float2bfloat16(b);
      Bhi[bk][bn] = bh;
      Blo[bk][bn] = __float2bfloat16(b - __bfloat162float(bh));
    }
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> ah[2], al[2];
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> bh[2], bl[2];
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      wmma::load_matrix_sync(ah[i], &Ahi[wr * 32 + i * 16][0], AST);
      wmma::load_matrix_sync(al[i], &Alo[wr * 32 + i * 16][0], AST);
    }
#pragma unroll
    for (int j = 0; j < 2; ++j) {
      wmma::load_matrix_sync(bh[j], &Bhi[0][wc * 32 + j * 16], BST);
      wmma::load_matrix_sync(bl[j], &Blo[0][wc * 32 + j * 16], BST);
    }
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 2; ++j) {
        wmma::mma_sync(acc[i][j], al[i], bh[j], acc[i][j]);
        wmma::mma_sync(acc[i][j], ah[i], bl[j], acc[i][j]);
        wmma::mma_sync(acc[i][j], ah[i], bh[j], acc[i][j]);
      }
    __syncthreads();
  }
#include <wmma_2x2_store.cuh>  // the warp's 32x32 of C (kernels/gemm)
  __syncthreads();
  for (int idx = tid; idx < BM * BN; idx += 128) {
    const int r = idx >> 6, c = idx & 63;
    C[(size_t)(bRow + r) * N + bCol + c] += __bfloat162float(bias[bCol + c]);
  }
}
