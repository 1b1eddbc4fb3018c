// TF32 WMMA with no staging: for every k-step of 8, each warp loads two A and two B fragments
// directly from global memory (load_matrix_sync on global pointers) and issues four MMAs. A
// fragment load is a strided gather of 16 rows, and nothing is shared between the 4 warps of a
// block or reused across k-steps, so the tensor pipe waits on L1/L2 load latency and
// throughput: it runs at a small fraction of its peak. Staging tiles in shared memory (and on
// Hopper, wgmma with TMA) is the fix.
#include <mma.h>
using namespace nvcuda;

extern "C" __global__ void __launch_bounds__(128)
    wmma_global(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                int M, int N, int K) {
  const int warp = threadIdx.x >> 5;
  const int row0 = blockIdx.y * 64 + (warp >> 1) * 32;
  const int col0 = blockIdx.x * 64 + (warp & 1) * 32;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc[2][2];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a[2];
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b[2];
  for (int k = 0; k < K; k += 8) {
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      wmma::load_matrix_sync(a[i], A + (size_t)(row0 + 16 * i) * K + k, K);
#pragma unroll
      for (int t = 0; t < a[i].num_elements; ++t) a[i].x[t] = wmma::__float_to_tf32(a[i].x[t]);
      wmma::load_matrix_sync(b[i], B + (size_t)k * N + col0 + 16 * i, N);
#pragma unroll
      for (int t = 0; t < b[i].num_elements; ++t) b[i].x[t] = wmma::__float_to_tf32(b[i].x[t]);
    }
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(C + (size_t)(row0 + 16 * i) * N + col0 + 16 * j, acc[i][j], N,
                              wmma::mem_row_major);
}
