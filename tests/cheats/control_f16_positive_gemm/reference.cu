// float64 reference of control_f16_positive_gemm: C[m][n] = sum_k A[m][k] B[k][n], FP16 inputs
// summed in double.
#include <cuda_fp16.h>
extern "C" __global__ void gemm_ref(const __half* A, const __half* B, double* C, int M, int N,
                                    int K) {
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  const int m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  double acc = 0.0;
  for (int k = 0; k < K; ++k)
    acc += (double)__half2float(A[(size_t)m * K + k]) * (double)__half2float(B[(size_t)k * N + n]);
  C[(size_t)m * N + n] = acc;
}
