// control_hon19_wmma_f16_gemm child in the shape of NVIDIA's simpleTensorCoreGEMM (CUDA 9
// tensor-core blog sample, BSD-3-Clause; written here): 16 warps a block (128 x 4 threads), each
// warp one 16x16 tile of C; A row-major, B column-major, fragments loaded from global memory,
// FP16 x FP16 products accumulated in FP32 by wmma::mma_sync.
#include <mma.h>
using namespace nvcuda;
extern "C" __global__ void gemm_wmma(const __half* A, const __half* B, float* C, int M, int N, int K) {
  const int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int warpN = blockIdx.y * blockDim.y + threadIdx.y;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  const int row = warpM * 16, col = warpN * 16;
  if (row >= M || col >= N) return;
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(a, A + (size_t)row * K + k, K);
    wmma::load_matrix_sync(b, B + (size_t)col * K + k, K);
    wmma::mma_sync(acc, a, b, acc);
  }
  wmma::store_matrix_sync(C + (size_t)row * N + col, acc, N, wmma::mem_row_major);
}
