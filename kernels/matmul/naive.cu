// Seed: one output per thread, with threadIdx.x walking the rows of C (the classic bad mapping:
// uncoalesced A and C, a broadcast B); the body is gemm/naive_gemm.cuh's.
#define GEMM_ENTRY matmul_naive
#define NAIVE_ROWS_ON_X
#include <naive_gemm.cuh>
