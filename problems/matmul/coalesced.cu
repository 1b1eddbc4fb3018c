// threadIdx.x walks the columns of C: a warp reads 32 consecutive floats of B and writes 32
// consecutive floats of C per step, and the A element it needs is one broadcast address (the body
// is the kernel library's gemm/naive_gemm.cuh).
#define GEMM_ENTRY matmul_coalesced
#include <naive_gemm.cuh>
