// Honest control: 32x32 tiles of packed words staged in shared memory, one output per thread,
// four int8 multiply-adds per __dp4a. Requires M, N, K4 multiples of 32.
#define T 32
extern "C" __global__ void __launch_bounds__(T * T)
    dot4_dp4a(const int* __restrict__ A, const int* __restrict__ B, int* __restrict__ C, int M,
              int N, int K4) {
  __shared__ int As[T][T + 1];
  __shared__ int Bs[T][T + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  int acc = 0;
  for (int k0 = 0; k0 < K4; k0 += T) {
    As[ty][tx] = A[(size_t)row * K4 + k0 + tx];
    Bs[ty][tx] = B[(size_t)(blockIdx.x * T + ty) * K4 + k0 + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < T; ++k) acc = __dp4a(As[ty][k], Bs[tx][k], acc);
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}
