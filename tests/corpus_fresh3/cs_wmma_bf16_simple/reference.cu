// float64 reference for corpus_fresh3 problem cs_wmma_bf16_simple (written for the corpus):
// d(m, n) = alpha * sum_k a[m*K + k] * b[n*K + k] + beta * c[m*N + n]
#include <cuda_bf16.h>
extern "C" __global__ void wmma_bf16_ref(const __nv_bfloat16* a, const __nv_bfloat16* b,
                                         const float* c, double* d, int M, int N, int K,
                                         float alpha, float beta) {
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  int m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  double s = 0;
  for (int k = 0; k < K; ++k)
    s += (double)__bfloat162float(a[(long)m * K + k]) * (double)__bfloat162float(b[(long)n * K + k]);
  d[(long)m * N + n] = (double)alpha * s + (double)beta * (double)c[(long)m * N + n];
}
