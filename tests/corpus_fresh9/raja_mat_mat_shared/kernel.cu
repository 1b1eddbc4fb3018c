// corpus_fresh9: raja_mat_mat_shared -- LLNL RAJAPerf, src/basic/MAT_MAT_SHARED-Cuda.cpp
// (Base_CUDA, mat_mat_shared<tile_size>) with MAT_MAT_SHARED_BODY_0..4 of MAT_MAT_SHARED.hpp:
// C = A B in FP64 with 16 x 16 shared-memory tiles of A and B, one C element per thread, its
// running sum kept in a third shared tile Cs. Rewritten for the problem format (see README.md).
#define tile_size 16

extern "C" __global__ void __launch_bounds__(tile_size* tile_size)
    mat_mat_shared(long long N, double* C, double* A, double* B) {
  long long tx = threadIdx.x;
  long long ty = threadIdx.y;
  long long bx = blockIdx.x;
  long long by = blockIdx.y;

  __shared__ double As[tile_size][tile_size];
  __shared__ double Bs[tile_size][tile_size];
  __shared__ double Cs[tile_size][tile_size];

  Cs[ty][tx] = 0;

  for (long long k = 0; k < (tile_size + N - 1) / tile_size; k++) {
    const long long Row = by * tile_size + ty;
    const long long Col = bx * tile_size + tx;
    if (k * tile_size + tx < N && Row < N)
      As[ty][tx] = A[Row * N + k * tile_size + tx];
    else
      As[ty][tx] = 0.0;
    if (k * tile_size + ty < N && Col < N)
      Bs[ty][tx] = B[(k * tile_size + ty) * N + Col];
    else
      Bs[ty][tx] = 0.0;

    __syncthreads();

    for (long long n = 0; n < tile_size; ++n) Cs[ty][tx] += As[ty][n] * Bs[n][tx];

    __syncthreads();
  }

  const long long Row = by * tile_size + ty;
  const long long Col = bx * tile_size + tx;
  if (Row < N && Col < N) C[Col + N * Row] = Cs[ty][tx];
}
