// Seed: one output of C per thread, threadIdx.x along the columns (coalesced B reads and C
// writes, A read by a broadcast), no shared memory: every product reads both operands from
// L1/L2, twice the loads of the FMAs it feeds (the kernel library's gemm/naive_gemm.cuh).
#define GEMM_ENTRY sgemm_naive
#include <naive_gemm.cuh>
