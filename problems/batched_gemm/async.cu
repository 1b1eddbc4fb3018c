// The kernel library's cp.async register-tiled GEMM (kernels/gemm/async_gemm.cuh), batched.
#define GEMM_ENTRY bmm_async
#define GEMM_BATCHED
#include <async_gemm.cuh>
