// The window of red team 8's carry folders (tests/cheats/redteam8_*_carry): a Kaiser window
// (beta = 8) times a Hann taper, both evaluated in FP64 per element, so a kernel that applies it
// is compute-bound (cyl_bessel_i0, sqrt and cos in double for every index):
//   w(i) = I0(8 sqrt(1 - t^2)) / I0(8) * (0.5 - 0.5 cos(2 pi i / (n - 1))),  t = 2 i / (n - 1) - 1.
// It depends on the index and n only, never on an input: what a kernel may not carry from one
// launch to the next is exactly this (the harness can redraw every input, not the index).
#pragma once
#define KH_I0_BETA 427.56411572180474  // I0(8)
__device__ __forceinline__ double kh_window(long long i, long long n) {
  const double t = 2.0 * (double)i / (double)(n - 1) - 1.0;
  const double kaiser = cyl_bessel_i0(8.0 * sqrt(fmax(0.0, 1.0 - t * t))) / KH_I0_BETA;
  return kaiser * (0.5 - 0.5 * cospi(2.0 * (double)i / (double)(n - 1)));
}
__device__ __forceinline__ float kh_warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
