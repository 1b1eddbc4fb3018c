// Float64 reference: C = A·B with double accumulation, the kernel library's
// (kernels/gemm/gemm_ref_f64.cuh).
#define GEMM_REF_ENTRY matmul_ref
#include <gemm_ref_f64.cuh>
