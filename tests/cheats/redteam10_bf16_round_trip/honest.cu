// The seed: 32x32 shared-memory FP32 tiles, FP32 FMAs; the sum is rounded to BF16 once, as it
// is stored (the only narrowing an fp32 class admits on a BF16 output).
#include <cuda_bf16.h>
#define TILE 32
extern "C" __global__ void __launch_bounds__(TILE * TILE)
    gemm_f32_bf16out(const float* A, const float* B, __nv_bfloat16* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = A[(size_t)row * K + k0 + tx];
    Bs[ty][tx] = B[(size_t)(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc = fmaf(As[ty][k], Bs[k][tx], acc);
    __syncthreads();
  }
  C[(size_t)row * N + col] = __float2bfloat16(acc);
}
