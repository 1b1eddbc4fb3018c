// The kernel library's TMA-fed, warp-specialised TF32 wgmma GEMM
// (kernels/gemm/wgmma_tf32_tma_gemm.cuh), batched: rank-3 tensor maps, blockIdx.z the batch.
#define GEMM_ENTRY bmm_wgmma_tf32_tma
#define GEMM_BATCHED
#include <wgmma_tf32_tma_gemm.cuh>
