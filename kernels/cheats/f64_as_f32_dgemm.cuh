// Red teams 6 and 7's FP32-in-FP64 GEMM (tests/cheats/redteam6_fp64_as_fp32,
// redteam7_f64_bitcast_fp32; `kernels: [cheats]`), a whole kernel: the FP64 seed's 32x32 tiling
// (kernels/gemm/dgemm_tiled32_fp64.cu), every double narrowed to FP32 by the includer's
// F64_NARROW(d) on its way to shared memory, a tile's 32 products in FP32 FMAs, each tile's sum
// added to an FP64 accumulator. The includer names the entry (F64_AS_F32_ENTRY).
#pragma once
#define TILE 32
extern "C" __global__ void __launch_bounds__(TILE * TILE)
    F64_AS_F32_ENTRY(const double* A, const double* B, double* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  double acc = 0.0;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = F64_NARROW(A[(size_t)row * K + k0 + tx]);
    Bs[ty][tx] = F64_NARROW(B[(size_t)(k0 + ty) * N + col]);
    __syncthreads();
    float part = 0.0f;
#pragma unroll
    for (int k = 0; k < TILE; ++k) part = fmaf(As[ty][k], Bs[k][tx], part);
    acc += (double)part;
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}
