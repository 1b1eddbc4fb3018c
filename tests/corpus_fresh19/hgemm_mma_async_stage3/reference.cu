// Reference for corpus_fresh19 hgemm_mma_async_stage3 (written for the corpus): C[m][n] =
// sum_k A[m][k] B[n][k] (A M x K and B N x K, both row-major halves: the origin's layouts), the
// products and the sum in double, 16 x 16 output tiles with the A and B panels staged through
// shared memory 16 k at a time; float64 out.
#include <cuda_fp16.h>
extern "C" __global__ void hgemm_nt_ref(const __half* A, const __half* B, double* C, long long M,
                                        long long N, long long K) {
  __shared__ double As[16][17];
  __shared__ double Bs[16][17];
  const long long m = (long long)blockIdx.y * 16 + threadIdx.y;
  const long long n = (long long)blockIdx.x * 16 + threadIdx.x;
  double s = 0.0;
  for (long long k0 = 0; k0 < K; k0 += 16) {
    const long long am = (long long)blockIdx.y * 16 + threadIdx.y, ak = k0 + threadIdx.x;
    const long long bn = (long long)blockIdx.x * 16 + threadIdx.y, bk = k0 + threadIdx.x;
    As[threadIdx.y][threadIdx.x] = (am < M && ak < K) ? (double)__half2float(A[am * K + ak]) : 0.0;
    Bs[threadIdx.y][threadIdx.x] = (bn < N && bk < K) ? (double)__half2float(B[bn * K + bk]) : 0.0;
    __syncthreads();
    for (int kk = 0; kk < 16; ++kk) s += As[threadIdx.y][kk] * Bs[threadIdx.x][kk];
    __syncthreads();
  }
  if (m < M && n < N) C[m * N + n] = s;
}
