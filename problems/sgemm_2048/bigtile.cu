// The kernel library's big-thread-tile FP32 GEMM (kernels/gemm/bigtile_gemm.cuh: 128 outputs a
// thread, both operands through a cp.async ring, fragments double-buffered in registers).
#define GEMM_ENTRY sgemm_bigtile
#include <bigtile_gemm.cuh>
