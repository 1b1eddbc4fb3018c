// Red team 10 residual: the seed with A and B rounded to BF16 as they are staged (cvt.rn.bf16
// into shared memory, half the bytes per tile), widened back to FP32 for the FMAs. The products
// are of BF16 inputs; the problem declares fp32 and its only BF16 buffer is the output.
#include <cuda_bf16.h>
#define TILE 32
extern "C" __global__ void __launch_bounds__(TILE * TILE)
    gemm_bf16_staged(const float* A, const float* B, __nv_bfloat16* C, int M, int N, int K) {
  __shared__ __nv_bfloat16 As[TILE][TILE];
  __shared__ __nv_bfloat16 Bs[TILE][TILE + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = __float2bfloat16(A[(size_t)row * K + k0 + tx]);
    Bs[ty][tx] = __float2bfloat16(B[(size_t)(k0 + ty) * N + col]);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc = fmaf(__bfloat162float(As[ty][k]), __bfloat162float(Bs[k][tx]), acc);
    __syncthreads();
  }
  C[(size_t)row * N + col] = __float2bfloat16(acc);
}
