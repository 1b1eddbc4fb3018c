// float64 reference (hon19): C = A B^T (B as N x K rows) in double.
#include <cuda_fp16.h>
extern "C" __global__ void gemm_ref(const __half* A, const __half* B, double* C, int M, int N, int K) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  double acc = 0;
  for (int k = 0; k < K; ++k)
    acc += (double)__half2float(A[(size_t)m * K + k]) * (double)__half2float(B[(size_t)n * K + k]);
  C[(size_t)m * N + n] = acc;
}
