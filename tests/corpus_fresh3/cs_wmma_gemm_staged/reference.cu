// float64 reference for corpus_fresh3 problem cs_wmma_gemm_staged (written for the corpus):
// d[m*N + n] = alpha * sum_k A[m*K + k] * B[n*K + k] + beta * C[m*N + n] (A row-major, B
// column-major: the sample's layouts)
#include <cuda_fp16.h>
extern "C" __global__ void wmma_staged_ref(const __half* A, const __half* B, const float* C,
                                           double* D, int Mg, int Ng, int Kg, float alpha,
                                           float beta) {
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  int m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= Mg || n >= Ng) return;
  double s = 0;
  for (int k = 0; k < Kg; ++k)
    s += (double)__half2float(A[(long)m * Kg + k]) * (double)__half2float(B[(long)n * Kg + k]);
  D[(long)m * Ng + n] = (double)alpha * s + (double)beta * (double)C[(long)m * Ng + n];
}
