// The kernel library's cp.async register-tiled GEMM (kernels/gemm/async_gemm.cuh).
#define GEMM_ENTRY matmul_async
#include <async_gemm.cuh>
