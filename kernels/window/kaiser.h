// The Kaiser window (beta = 2) of red team 7's off-law sum, evaluated in FP64 per element:
// w(i) = I0(2 sqrt(1 - t^2)) / I0(2), t = 2 i / (n - 1) - 1, from 0.439 at the ends to 1. Shared by
// the seed (kaiser_sum.cu) and the cheats and controls built on it (tests/cheats/
// redteam7_offlaw_detect_sum, redteam14_offlaw_normal_sum, control_redteam14_range_route_normal
// and _uniform, `kernels: [window]`; issue 33: each carried a copy); the float64 reference
// (kaiser_sum_ref.cu) computes the same in double.
#pragma once
#define KAISER_I0_BETA 2.2795853023360673  // I0(2)
__device__ __forceinline__ float kaiser_w(long long i, long long n) {
  const double t = 2.0 * (double)i / (double)(n - 1) - 1.0;
  return (float)(cyl_bessel_i0(2.0 * sqrt(fmax(0.0, 1.0 - t * t))) / KAISER_I0_BETA);
}
// One float4 tile element: x[i..i+3] weighted by w(i..i+3).
__device__ __forceinline__ float kaiser_dot4(float4 q, long long i, long long n) {
  return (q.x * kaiser_w(i, n) + q.y * kaiser_w(i + 1, n)) +
         (q.z * kaiser_w(i + 2, n) + q.w * kaiser_w(i + 3, n));
}
__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
