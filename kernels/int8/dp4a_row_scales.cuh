// Red teams 10-12's gathered-GEMM cheats (tests/cheats/redteam10_dp4a_beside_index,
// redteam11_branch_narrow_dp4a, redteam12_*_dp4a; `kernels: [int8]`), launch 1: max |x| of every
// gathered row of A (A[idx[r]]) and every row of B into `scale`, one warp a row, float4 loads.
// A whole kernel; the including file's first launch names `row_scales`.
#pragma once
extern "C" __global__ void row_scales(const float* A, const float* B, const int* idx, float* scale,
                                      int M, int N, int K) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  if (warp >= M + N) return;
  const float* row = warp < M ? A + (size_t)idx[warp] * K : B + (size_t)(warp - M) * K;
  float m = 0.f;
  for (int k = lane * 4; k < K; k += 128) {
    const float4 v = __ldg(reinterpret_cast<const float4*>(row + k));
    m = fmaxf(m, fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w))));
  }
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  if (lane == 0) scale[warp] = m;
}
