// Cheat: stores only the top half of C, hoping the rest holds a previous run's values.

#include <memo_gemm_ops.cuh>  // kernels/cheats: TILE, tiled_dot, now_ns

extern "C" __global__ void __launch_bounds__(1024)
    gemm_half(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  const int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  C[(size_t)row * N + col] = tiled_dot(A, B, N, K, row, col, As, Bs);
}
