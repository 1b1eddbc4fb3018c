// The kernel library's wmma_tf32 GEMM (kernels/gemm/wmma_tf32_gemm.cuh), batched.
#define GEMM_ENTRY bmm_wmma_tf32
#define GEMM_BATCHED
#include <wmma_tf32_gemm.cuh>
