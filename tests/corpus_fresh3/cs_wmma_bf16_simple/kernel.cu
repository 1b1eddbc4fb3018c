// corpus_fresh3: cs_wmma_bf16_simple -- from NVIDIA/cuda-samples,
// Samples/3_CUDA_Features/bf16TensorCoreGemm/bf16TensorCoreGemm.cu, simple_wmma_bf16gemm: the
// sample's "simple" reference kernel, one 16x16 tile of D per warp, the A and B fragments of
// every k-step loaded straight from global memory (no shared-memory staging)
// license: BSD-3-Clause (NVIDIA Corporation); written here in the sample's form
// adapted: extern "C"; const inputs; the sample's M, N, K macros renamed WMMA_M/N/K; the
// sample's B indexing kept as it is (bCol = i, bRow = warpN * N: see reference.cu)
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;
#define WMMA_M 16
#define WMMA_N 16
#define WMMA_K 16
extern "C" __global__ void simple_wmma_bf16gemm(const __nv_bfloat16 *a, const __nv_bfloat16 *b,
                                                const float *c, float *d, int m_ld, int n_ld,
                                                int k_ld, float alpha, float beta)
{
    // Leading dimensions. Packed with no transpositions.
    int lda = k_ld;
    int ldb = k_ld;
    int ldc = n_ld;
    // Tile using a 2D grid
    int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
    int warpN = (blockIdx.y * blockDim.y + threadIdx.y);
    // Declare the fragments
    wmma::fragment<wmma::matrix_a, WMMA_M, WMMA_N, WMMA_K, __nv_bfloat16, wmma::row_major> a_frag;
    wmma::fragment<wmma::matrix_b, WMMA_M, WMMA_N, WMMA_K, __nv_bfloat16, wmma::col_major> b_frag;
    wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> acc_frag;
    wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> c_frag;
    wmma::fill_fragment(acc_frag, 0.0f);
    // Loop over k
    for (int i = 0; i < k_ld; i += WMMA_K) {
        int aCol = i;
        int aRow = warpM * WMMA_M;
        int bCol = i;
        int bRow = warpN * WMMA_N;
        // Bounds checking
        if (aRow < m_ld && aCol < k_ld && bRow < k_ld && bCol < n_ld) {
            // Load the inputs
            wmma::load_matrix_sync(a_frag, a + aCol + aRow * lda, lda);
            wmma::load_matrix_sync(b_frag, b + bRow + bCol * ldb, ldb);
            // Perform the matrix multiplication
            wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);
        }
    }
    // Load in the current value of c, scale it by beta, and add this our result scaled by alpha
    int cCol = warpN * WMMA_N;
    int cRow = warpM * WMMA_M;
    if (cRow < m_ld && cCol < n_ld) {
        wmma::load_matrix_sync(c_frag, c + cCol + cRow * ldc, ldc, wmma::mem_row_major);
        for (int i = 0; i < c_frag.num_elements; i++)
            c_frag.x[i] = alpha * acc_frag.x[i] + beta * c_frag.x[i];
        // Store the output
        wmma::store_matrix_sync(d + cCol + cRow * ldc, c_frag, ldc, wmma::mem_row_major);
    }
}
