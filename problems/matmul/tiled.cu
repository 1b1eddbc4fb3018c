// The shared-memory tiled GEMM of the kernel library (kernels/gemm/tiled_gemm.cuh).
#define GEMM_ENTRY matmul_tiled
#include <tiled_gemm.cuh>
