// simple_wmma_gemm_imma from NVIDIA's CUDA samples
// (Samples/3_CUDA_Features/immaTensorCoreGemm/immaTensorCoreGemm.cu; Copyright NVIDIA
// Corporation, BSD-3-Clause), the sample's "simple" kernel that checks its optimised one: the
// child of control_redteam7_cuda_samples_imma; launch 2 of control_redteam9_imma_packed_scratch.
// Adapted to this problem: signed char fragments (the problem's bytes are signed, as dot4_ref
// reads them; the sample uses uint8_t), the packed int32 rows read as int8 rows of K = 4 K4
// (byte j of word k is element 4k + j, little-endian), B's rows as the columns of a
// column-major K x N matrix (C = A B^T), alpha = 1 and beta = 0 (C is written, not read).
#include <mma.h>
using namespace nvcuda;

#define WMMA_M 16
#define WMMA_N 16
#define WMMA_K 16

extern "C" __global__ void simple_wmma_gemm_imma(const int* A, const int* B, int* C, int M, int N,
                                                 int K4) {
  const int k_ld = 4 * K4;
  const signed char* a = reinterpret_cast<const signed char*>(A);
  const signed char* b = reinterpret_cast<const signed char*>(B);
  // Leading dimensions. Packed with no transpositions.
  const int lda = k_ld;
  const int ldb = k_ld;
  const int ldc = N;

  // Tile using a 2D grid
  const int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  const int warpN = (blockIdx.y * blockDim.y + threadIdx.y);

  // Declare the fragments
  wmma::fragment<wmma::matrix_a, WMMA_M, WMMA_N, WMMA_K, signed char, wmma::row_major> a_frag;
  wmma::fragment<wmma::matrix_b, WMMA_M, WMMA_N, WMMA_K, signed char, wmma::col_major> b_frag;
  wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, int> acc_frag;

  wmma::fill_fragment(acc_frag, 0);

  // Loop over k
  for (int i = 0; i < k_ld; i += WMMA_K) {
    const int aCol = i;
    const int aRow = warpM * WMMA_M;
    const int bCol = i;
    const int bRow = warpN * WMMA_N;

    // Bounds checking
    if (aRow < M && aCol < k_ld && bRow < N && bCol < k_ld) {
      // Load the inputs
      wmma::load_matrix_sync(a_frag, a + aCol + (size_t)aRow * lda, lda);
      wmma::load_matrix_sync(b_frag, b + bCol + (size_t)bRow * ldb, ldb);

      // Perform the matrix multiplication
      wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);
    }
  }

  // Store the output (alpha = 1, beta = 0)
  const int cCol = warpN * WMMA_N;
  const int cRow = warpM * WMMA_M;
  if (cRow < M && cCol < N)
    wmma::store_matrix_sync(C + cCol + (size_t)cRow * ldc, acc_frag, ldc, wmma::mem_row_major);
}
