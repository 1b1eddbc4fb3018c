// The kernel library's wmma_tf32 GEMM (kernels/gemm/wmma_tf32_gemm.cuh).
#define GEMM_ENTRY matmul_wmma_tf32
#include <wmma_tf32_gemm.cuh>
