// The kernel library's TMA-fed, warp-specialised TF32 wgmma GEMM
// (kernels/gemm/wgmma_tf32_tma_gemm.cuh).
#define GEMM_ENTRY matmul_wgmma_tf32_tma
#include <wgmma_tf32_tma_gemm.cuh>
