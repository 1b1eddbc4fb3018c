// The seed: 32x32 shared-memory tiles, BF16 widened to FP32, FP32 FMAs.
#include <cuda_bf16.h>
#define TILE 32
extern "C" __global__ void __launch_bounds__(TILE * TILE)
    gemm_bf16_tiled(const __nv_bfloat16* A, const __nv_bfloat16* B, float* C, int M, int N,
                    int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = __bfloat162float(A[(size_t)row * K + k0 + tx]);
    Bs[ty][tx] = __bfloat162float(B[(size_t)(k0 + ty) * N + col]);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc = fmaf(As[ty][k], Bs[k][tx], acc);
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}
