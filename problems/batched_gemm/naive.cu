// Batched seed (torch.bmm, blockIdx.z is the batch): one output per thread, with threadIdx.x
// walking the rows of C. The 32 lanes of a warp then read A at a stride of K floats and write C
// at a stride of N floats, while every lane reads the same B element: the classic bad mapping
// (the kernel library's gemm/naive_gemm.cuh).
#define GEMM_ENTRY bmm_naive
#define GEMM_BATCHED
#define NAIVE_ROWS_ON_X
#include <naive_gemm.cuh>
