// float64 reference for corpus_fresh2 problem blog_wmma_gemm (written for the corpus):
// column-major c(m, n) = alpha * sum_k a(m, k) b(k, n), a[m + k*M], b[k + n*K], c[m + n*M]
#include <cuda_fp16.h>
extern "C" __global__ void wmma_blog_ref(const __half* a, const __half* b, double* c, int M, int N,
                                         int K, float alpha) {
  int m = blockIdx.x * blockDim.x + threadIdx.x;
  int n = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  double s = 0;
  for (int k = 0; k < K; ++k)
    s += (double)__half2float(a[m + (long)k * M]) * (double)__half2float(b[k + (long)n * K]);
  c[m + (long)n * M] = (double)alpha * s;
}
