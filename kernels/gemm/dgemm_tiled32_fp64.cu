// The FP64 GEMM seed of red team rounds 6 and 7 (kernels/gemm/tiled32_fp32.cu in double): 32x32
// shared-memory tiles, one output per thread, FP64 FMAs.
#define TILE 32
extern "C" __global__ void __launch_bounds__(TILE * TILE)
    dgemm_tiled(const double* A, const double* B, double* C, int M, int N, int K) {
  __shared__ double As[TILE][TILE];
  __shared__ double Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  double acc = 0.0;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = A[(size_t)row * K + k0 + tx];
    Bs[ty][tx] = B[(size_t)(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc = fma(As[ty][k], Bs[k][tx], acc);
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}
