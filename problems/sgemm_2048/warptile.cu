// The kernel library's warp-tiled, cp.async multi-stage FP32 GEMM (kernels/gemm/warptile_gemm.cuh:
// block tile, warp tile, K step, stages and copy width are knobs).
#define GEMM_ENTRY sgemm_warptile
#include <warptile_gemm.cuh>
