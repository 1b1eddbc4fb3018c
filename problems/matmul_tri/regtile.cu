// The kernel library's register-tiled GEMM (kernels/gemm/regtile_gemm.cuh) over the triangle
// (GEMM_TRI): 128x128 tiles of 8x8 outputs per thread, blocks below the diagonal write zeros,
// the others walk k from their first row to their last column with triu(A) and triu(B) masked
// as they stage. Requires N % 128 == 0 (constraint in problem.yaml).
#define GEMM_ENTRY tri_regtile
#define GEMM_TRI
#include <regtile_gemm.cuh>
