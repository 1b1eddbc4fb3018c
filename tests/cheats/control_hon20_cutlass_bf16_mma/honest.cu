// control_hon20_cutlass_bf16_mma seed: C[m][n] = sum_k A[m][k] B[n][k], BF16 widened to FP32.
#include <cuda_bf16.h>
extern "C" __global__ void gemm_bf16_simt(const __nv_bfloat16* A, const __nv_bfloat16* B, float* C,
                                          int M, int N, int K) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x, m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  float acc = 0.f;
  for (int k = 0; k < K; ++k)
    acc = fmaf(__bfloat162float(A[(size_t)m * K + k]), __bfloat162float(B[(size_t)n * K + k]), acc);
  C[(size_t)m * N + n] = acc;
}
