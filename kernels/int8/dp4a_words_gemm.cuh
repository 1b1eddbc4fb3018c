// Red teams 11-12's gathered-GEMM cheats (tests/cheats/redteam11_branch_narrow_dp4a,
// redteam12_*_dp4a; `kernels: [int8]`), the last launch: the int8 words the cheat packed (rows of
// A[idx], then rows of B) multiplied in 64 x 64 dp4a tiles (dp4a_tile_gemm.cuh), each product
// rescaled by its two rows' scales / 127 in the epilogue. A whole kernel, `dp4a_gemm`.
#pragma once
#include "dp4a_tile_gemm.cuh"
extern "C" __global__ void __launch_bounds__(256)
    dp4a_gemm(const int* words, const float* scale, float* C, int M, int N, int K) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int K4 = K / 4;
  const int m0 = blockIdx.y * 64, n0 = blockIdx.x * 64;
  const int* a = words + (size_t)m0 * K4;
  const int* b = words + (size_t)(M + n0) * K4;
  int acc[4][4] = {};
  dp4a_tile_64(
      K4, [&](int r, int w) { return __ldg(a + (size_t)r * K4 + w); },
      [&](int r, int w) { return __ldg(b + (size_t)r * K4 + w); }, acc);
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const float ra = scale[m0 + ty * 4 + i] * (1.f / 127.f);
#pragma unroll
    for (int j = 0; j < 4; ++j)
      C[(size_t)(m0 + ty * 4 + i) * N + n0 + tx * 4 + j] =
          (float)acc[i][j] * ra * (scale[M + n0 + tx * 4 + j] * (1.f / 127.f));
  }
}
