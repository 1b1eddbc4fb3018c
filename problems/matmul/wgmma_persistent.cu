// The kernel library's persistent, warp-specialised TF32 wgmma GEMM
// (kernels/gemm/wgmma_tf32_persistent_gemm.cuh).
#define GEMM_ENTRY matmul_wgmma_tf32_persistent
#include <wgmma_tf32_persistent_gemm.cuh>
