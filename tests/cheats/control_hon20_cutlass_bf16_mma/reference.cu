// float64 reference (hon20): C = A B^T (B as N x K rows) in double.
#include <cuda_bf16.h>
extern "C" __global__ void gemm_ref(const __nv_bfloat16* A, const __nv_bfloat16* B, double* C, int M,
                                    int N, int K) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  double acc = 0;
  for (int k = 0; k < K; ++k)
    acc += (double)__bfloat162float(A[(size_t)m * K + k]) * (double)__bfloat162float(B[(size_t)n * K + k]);
  C[(size_t)m * N + n] = acc;
}
