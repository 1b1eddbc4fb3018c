// corpus_fresh2: blog_wmma_gemm -- from the NVIDIA developer blog, "Programming Tensor Cores in
// CUDA 9" (Jeremy Appleyard and Scott Yokim, 2017), simpleTensorCoreGEMM.cu's wmma_example:
// each warp loads its A and B fragments for every k-step directly from global memory
// license: blog sample code (NVIDIA-developer-blog/code-samples, BSD-3-Clause); written here in the post's form
// adapted: extern "C"; the epilogue's beta * C term dropped (C is an output here): c = alpha * A B
#include <mma.h>
using namespace nvcuda;
#define WMMA_M 16
#define WMMA_N 16
#define WMMA_K 16
extern "C" __global__ void wmma_example(const half *a, const half *b, float *c, int M, int N, int K,
                                        float alpha)
{
    // Leading dimensions. Packed with no transpositions (column-major, as in the post).
    int lda = M;
    int ldb = K;
    int ldc = M;
    // Tile using a 2D grid
    int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
    int warpN = (blockIdx.y * blockDim.y + threadIdx.y);
    wmma::fragment<wmma::matrix_a, WMMA_M, WMMA_N, WMMA_K, half, wmma::col_major> a_frag;
    wmma::fragment<wmma::matrix_b, WMMA_M, WMMA_N, WMMA_K, half, wmma::col_major> b_frag;
    wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> acc_frag;
    wmma::fill_fragment(acc_frag, 0.0f);
    for (int i = 0; i < K; i += WMMA_K) {
        int aRow = warpM * WMMA_M;
        int aCol = i;
        int bRow = i;
        int bCol = warpN * WMMA_N;
        if (aRow < M && aCol < K && bRow < K && bCol < N) {
            wmma::load_matrix_sync(a_frag, a + aRow + aCol * lda, lda);
            wmma::load_matrix_sync(b_frag, b + bRow + bCol * ldb, ldb);
            wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);
        }
    }
    int cRow = warpM * WMMA_M;
    int cCol = warpN * WMMA_N;
    if (cRow < M && cCol < N) {
        for (int t = 0; t < acc_frag.num_elements; t++) acc_frag.x[t] = alpha * acc_frag.x[t];
        wmma::store_matrix_sync(c + cRow + cCol * ldc, acc_frag, ldc, wmma::mem_col_major);
    }
}
