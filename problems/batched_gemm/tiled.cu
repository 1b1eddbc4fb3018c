// The shared-memory tiled GEMM of the kernel library (kernels/gemm/tiled_gemm.cuh), batched.
#define GEMM_ENTRY bmm_tiled
#define GEMM_BATCHED
#include <tiled_gemm.cuh>
