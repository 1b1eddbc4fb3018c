// TF32 tensor cores (WMMA m16n16k8) on the double-buffered cp.async pipeline: a 256-thread block
// (2x4 warps) computes a 128x128 tile of C, each warp 64x32 as 4x2 accumulator fragments; the
// next K-slab of 16 streams global->shared with cp.async while the tensor cores work on the
// current one. cp.async copies raw FP32, so each fragment is rounded to TF32 after it is loaded.
// Row strides of 20 and 132 floats keep fragment pointers 32-byte aligned, cp.async targets
// 16-byte aligned, and ldm a multiple of 4. Requires M, N multiples of 128, K a multiple of 16.
#include <mma.h>
using namespace nvcuda;

#define BM 128
#define BN 128
#define BK 16
#define AST (BK + 4)
#define BST (BN + 4)

#include <cp_async_cg.cuh>  // kernels/gemm: cp_async16, cp_async_commit, cp_async_wait_1

extern "C" __global__ void __launch_bounds__(256, 2)
    matmul_wmma_tf32_async(const float* __restrict__ A, const float* __restrict__ B,
                           float* __restrict__ C, int M, int N, int K) {
  __shared__ __align__(128) float As[2][BM][AST];
  __shared__ __align__(128) float Bs[2][BK][BST];
  const int tid = threadIdx.x;
  const int warp = tid >> 5;
  const int wr = warp >> 2, wc = warp & 3;  // warp's 64x32 sub-tile
  const int bRow = blockIdx.y * BM, bCol = blockIdx.x * BN;

  auto load_stage = [&](int stage, int k0) {
#pragma unroll
    for (int r = 0; r < 2; ++r) {
      const int idx = tid + r * 256;
      const int am = idx >> 2, ak = (idx & 3) * 4;
      cp_async16(&As[stage][am][ak], A + (size_t)(bRow + am) * K + k0 + ak);
      const int bk = idx >> 5, bn = (idx & 31) * 4;
      cp_async16(&Bs[stage][bk][bn], B + (size_t)(k0 + bk) * N + bCol + bn);
    }
  };

  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

  const int tiles = K / BK;
  load_stage(0, 0);
  cp_async_commit();
  for (int t = 0; t < tiles; ++t) {
    const int s = t & 1;
    if (t + 1 < tiles) load_stage(s ^ 1, (t + 1) * BK);  // stage s^1 freed by last barrier
    cp_async_commit();
    cp_async_wait_1();  // tile t has landed (only the newest group may still be in flight)
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 8) {
      wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        wmma::load_matrix_sync(a[i], &As[s][wr * 64 + i * 16][kk], AST);
#pragma unroll
        for (int e = 0; e < a[i].num_elements; ++e) a[i].x[e] = wmma::__float_to_tf32(a[i].x[e]);
      }
#pragma unroll
      for (int j = 0; j < 2; ++j) {
        wmma::load_matrix_sync(b[j], &Bs[s][kk][wc * 32 + j * 16], BST);
#pragma unroll
        for (int e = 0; e < b[j].num_elements; ++e) b[j].x[e] = wmma::__float_to_tf32(b[j].x[e]);
      }
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
