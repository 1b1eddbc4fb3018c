// The pre-Hopper way to use tensor cores well: 128x128 tiles of C per block, K-slabs of A and B
// staged in shared memory with coalesced float4 loads (rounded to TF32 once, on the way in),
// 8 warps each computing 64x32 as 4x2 WMMA m16n16k8 fragments. Every operand byte is loaded
// from global once per tile, so DRAM and L2 are not the limit; what is left on the table is
// the Hopper path: warpgroup MMA (wgmma) reading operands from shared memory, fed by TMA and
// multi-stage pipelines, which mma.sync cannot reach. Row strides of 36 and 132 floats keep
// fragment pointers 32-byte aligned and spread the rows over the banks.
#include <mma.h>
using namespace nvcuda;

#define BM 128
#define BN 128
#define BK 32
#define AST (BK + 4)
#define BST (BN + 4)

extern "C" __global__ void __launch_bounds__(256)
    wmma_smem(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
              int M, int N, int K) {
  __shared__ __align__(128) float As[BM][AST];
  __shared__ __align__(128) float Bs[BK][BST];
  const int tid = threadIdx.x, warp = tid >> 5;
  const int wr = warp >> 2, wc = warp & 3;  // 2 x 4 warps, each 64 rows x 32 columns
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      const int idx = tid + r * 256;
      const int am = idx >> 3, ak = (idx & 7) * 4;  // A slab: 128 rows x 8 float4
      float4 a = *reinterpret_cast<const float4*>(A + (size_t)(bRow + am) * K + k0 + ak);
      As[am][ak + 0] = wmma::__float_to_tf32(a.x);
      As[am][ak + 1] = wmma::__float_to_tf32(a.y);
      As[am][ak + 2] = wmma::__float_to_tf32(a.z);
      As[am][ak + 3] = wmma::__float_to_tf32(a.w);
      const int bk = idx >> 5, bn = (idx & 31) * 4;  // B slab: 32 rows x 32 float4
      float4 b = *reinterpret_cast<const float4*>(B + (size_t)(k0 + bk) * N + bCol + bn);
      Bs[bk][bn + 0] = wmma::__float_to_tf32(b.x);
      Bs[bk][bn + 1] = wmma::__float_to_tf32(b.y);
      Bs[bk][bn + 2] = wmma::__float_to_tf32(b.z);
      Bs[bk][bn + 3] = wmma::__float_to_tf32(b.w);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 8) {
      wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; ++i) wmma::load_matrix_sync(a[i], &As[wr * 64 + i * 16][kk], AST);
#pragma unroll
      for (int j = 0; j < 2; ++j) wmma::load_matrix_sync(b[j], &Bs[kk][wc * 32 + j * 16], BST);
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(C + (size_t)(bRow + wr * 64 + i * 16) * N + bCol + wc * 32 + j * 16,
                              acc[i][j], N, wmma::mem_row_major);
}
