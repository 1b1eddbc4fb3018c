// The kernel library's TF32 WMMA GEMM (kernels/gemm/wmma_tf32_gemm.cuh) over the triangle
// (GEMM_TRI): 64x64 tiles, blocks below the diagonal write zeros, the others walk k from their
// first row to their last column with triu(A) and triu(B) masked (and rounded to TF32) as they
// are staged. Requires N % 64 == 0.
#define GEMM_ENTRY tri_wmma_tf32
#define GEMM_TRI
#include <wmma_tf32_gemm.cuh>
