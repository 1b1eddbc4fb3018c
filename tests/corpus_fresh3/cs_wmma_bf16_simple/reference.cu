// float64 reference for corpus_fresh3 problem cs_wmma_bf16_simple (written for the corpus). The
// sample's simple kernel sets bCol = i and bRow = warpN * 16 and loads its col-major B fragment at
// b + bRow + bCol * K, so fragment element (kk, nn) of k-step i is b[(n0 + kk) + (i + nn) * K]
// with n0 = 16 * warpN; this is what the kernel computes (and, for M = N = K, every bound holds):
// d(m, n0 + nn) = alpha * sum_i sum_kk a[m*K + i + kk] * b[(n0 + kk) + (i + nn) * K] + beta * c
#include <cuda_bf16.h>
extern "C" __global__ void wmma_bf16_ref(const __nv_bfloat16* a, const __nv_bfloat16* b,
                                         const float* c, double* d, int M, int N, int K,
                                         float alpha, float beta) {
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  int m = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  const long n0 = (n / 16) * 16, nn = n % 16;
  double s = 0;
  for (long i = 0; i < K; i += 16)
    for (long kk = 0; kk < 16; ++kk)
      s += (double)__bfloat162float(a[(long)m * K + i + kk]) *
           (double)__bfloat162float(b[(n0 + kk) + (i + nn) * K]);
  d[(long)m * N + n] = (double)alpha * s + (double)beta * (double)c[(long)m * N + n];
}
