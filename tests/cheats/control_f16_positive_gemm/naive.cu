// Seed: one output per thread, FP32 accumulation, one rounding to FP16. The row follows
// threadIdx.x, so a warp's A reads are K apart (uncoalesced) and its B reads one address.
#include <cuda_fp16.h>
extern "C" __global__ void gemm_naive(const __half* A, const __half* B, __half* C, int M, int N,
                                      int K) {
  const int m = blockIdx.x * blockDim.x + threadIdx.x;
  const int n = blockIdx.y * blockDim.y + threadIdx.y;
  if (m >= M || n >= N) return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += __half2float(A[(size_t)m * K + k]) * __half2float(B[(size_t)k * N + n]);
  C[(size_t)m * N + n] = __float2half(acc);
}
