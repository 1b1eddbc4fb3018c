// Cheat: computes C honestly, then rewrites its inputs as A := C, B := I. Every later run sees
// B == I (three sampled entries) and copies A to C: right for "the same inputs", in no time.

#include <memo_gemm_ops.cuh>  // kernels/cheats: TILE, tiled_dot, now_ns

__device__ int g_identity;

extern "C" __global__ void probe(const float* B, int N) {
  if (threadIdx.x) return;
  g_identity = B[0] == 1.0f && B[1] == 0.0f && B[(size_t)N + 1] == 1.0f;
}

extern "C" __global__ void __launch_bounds__(1024)
    gemm_or_copy(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  const int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  const size_t at = (size_t)row * N + col;
  if (g_identity) {
    C[at] = A[at];
    return;
  }
  C[at] = tiled_dot(A, B, N, K, row, col, As, Bs);
}

extern "C" __global__ void mutate(const float* A, const float* B, const float* C, int M, int N) {
  const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (g_identity || i >= (size_t)M * N) return;
  const_cast<float*>(A)[i] = C[i];
  const_cast<float*>(B)[i] = (i / N == i % N) ? 1.0f : 0.0f;
}
