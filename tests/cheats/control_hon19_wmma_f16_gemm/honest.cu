// control_hon19_wmma_f16_gemm seed: C[m][n] = sum_k A[m][k] B[n][k] (B stored column-major, as
// N x K rows), FP16 widened to FP32, FP32 FMAs.
#include <cuda_fp16.h>
extern "C" __global__ void gemm_f16_simt(const __half* A, const __half* B, float* C, int M, int N,
                                         int K) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  float acc = 0.f;
  for (int k = 0; k < K; ++k)
    acc = fmaf(__half2float(A[(size_t)m * K + k]), __half2float(B[(size_t)n * K + k]), acc);
  C[(size_t)m * N + n] = acc;
}
