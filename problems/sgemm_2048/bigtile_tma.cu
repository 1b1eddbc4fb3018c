// The kernel library's bigtile GEMM fed by the bulk tensor copy engine
// (kernels/gemm/bigtile_tma_gemm.cuh: one thread issues each slab's boxes, no copy instructions
// in the other threads' loop).
#define GEMM_ENTRY sgemm_bigtile_tma
#include <bigtile_tma_gemm.cuh>
