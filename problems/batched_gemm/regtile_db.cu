// The kernel library's regtile_db GEMM (kernels/gemm/regtile_db_gemm.cuh), batched.
#define GEMM_ENTRY bmm_regtile_db
#define GEMM_BATCHED
#include <regtile_db_gemm.cuh>
