// 32 x 32 tiles of A and B in shared memory (FP16, as stored), one output per thread, the
// products accumulated in FP32 and rounded once to FP16. Requires M, N, K multiples of 32.
#include <cuda_fp16.h>
extern "C" __global__ void gemm_tiled(const __half* __restrict__ A, const __half* __restrict__ B,
                                      __half* __restrict__ C, int M, int N, int K) {
  __shared__ __half As[32][33], Bs[32][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int m = blockIdx.y * 32 + ty, n = blockIdx.x * 32 + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 32) {
    As[ty][tx] = A[(size_t)m * K + k0 + tx];
    Bs[ty][tx] = B[(size_t)(k0 + ty) * N + n];
    __syncthreads();
#pragma unroll 8
    for (int k = 0; k < 32; ++k) acc += __half2float(As[ty][k]) * __half2float(Bs[k][tx]);
    __syncthreads();
  }
  C[(size_t)m * N + n] = __float2half(acc);
}
