// The register-tiled GEMM of the kernel library (kernels/gemm/regtile_gemm.cuh).
#define GEMM_ENTRY matmul_regtile
#include <regtile_gemm.cuh>
