// redteam6_fp64_as_fp32 child: the seed's tiling, every tile rounded to FP32 on its way to
// shared memory (half the shared bytes), the 32 products of a tile in FP32 FMAs (twice the
// FP64 rate on an H200), each tile's sum added to an FP64 accumulator so the error stays near
// 2^-24 of the sum of |products| (under rtol 1e-6 on non-negative inputs; README.md).
#define TILE 32
extern "C" __global__ void __launch_bounds__(TILE * TILE)
    dgemm_as_sgemm(const double* A, const double* B, double* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  double acc = 0.0;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = __double2float_rn(A[(size_t)row * K + k0 + tx]);
    Bs[ty][tx] = __double2float_rn(B[(size_t)(k0 + ty) * N + col]);
    __syncthreads();
    float part = 0.0f;
#pragma unroll
    for (int k = 0; k < TILE; ++k) part = fmaf(As[ty][k], Bs[k][tx], part);
    acc += (double)part;
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}
