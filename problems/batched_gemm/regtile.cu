// The register-tiled GEMM of the kernel library (kernels/gemm/regtile_gemm.cuh), batched.
#define GEMM_ENTRY bmm_regtile
#define GEMM_BATCHED
#include <regtile_gemm.cuh>
