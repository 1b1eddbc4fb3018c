// The kernel library's regtile_db GEMM (kernels/gemm/regtile_db_gemm.cuh).
#define GEMM_ENTRY sgemm_regtile_db
#include <regtile_db_gemm.cuh>
