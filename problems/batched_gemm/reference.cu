// Float64 reference for torch.bmm: per batch (blockIdx.z) C = A·B with double accumulation, the
// kernel library's (kernels/gemm/gemm_ref_f64.cuh).
#define GEMM_REF_ENTRY bmm_ref
#define GEMM_BATCHED
#include <gemm_ref_f64.cuh>
