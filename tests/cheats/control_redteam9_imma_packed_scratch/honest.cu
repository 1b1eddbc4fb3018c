// Seed of control_redteam9_imma_packed_scratch: 16x16 shared-memory tiles of the int8 values
// (one per int32), int32 multiply-adds on the CUDA cores.
#define IT 16
extern "C" __global__ void int8_rows_tiled(const int* A, const int* B, int* C, int M, int N,
                                           int K) {
  __shared__ int As[IT][IT + 1], Bs[IT][IT + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * IT + ty, col = blockIdx.x * IT + tx, brow = blockIdx.x * IT + ty;
  int acc = 0;
  for (int k0 = 0; k0 < K; k0 += IT) {
    As[ty][tx] = A[(size_t)row * K + k0 + tx];
    Bs[ty][tx] = B[(size_t)brow * K + k0 + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < IT; ++k) acc += As[ty][k] * Bs[tx][k];
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}
