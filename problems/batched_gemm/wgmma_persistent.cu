// The kernel library's persistent, warp-specialised TF32 wgmma GEMM
// (kernels/gemm/wgmma_tf32_persistent_gemm.cuh), batched: rank-3 tensor maps, the batch the
// outermost tile coordinate of the walk.
#define GEMM_ENTRY bmm_wgmma_tf32_persistent
#define GEMM_BATCHED
#include <wgmma_tf32_persistent_gemm.cuh>
