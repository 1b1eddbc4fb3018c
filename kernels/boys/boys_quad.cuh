// The Boys function F0(x) = int_0^1 exp(-x t^2) dt by composite Simpson's rule on 64 intervals
// (65 exponentials, __expf), FP32, as a forced-inline function: the quadrature of the seed
// (boys_simpson.cu) for the red team 18 and 19 Boys folders' children and redteam18_fixed_boys_sum
// (`kernels: [boys]`).
#pragma once
__device__ __forceinline__ float boys_quad(float v) {
  const float h = 1.0f / 64.0f;
  float s = 1.0f + __expf(-v);
  for (int k = 1; k < 64; k += 2) {
    const float t = k * h;
    s += 4.0f * __expf(-v * t * t);
  }
  for (int k = 2; k < 64; k += 2) {
    const float t = k * h;
    s += 2.0f * __expf(-v * t * t);
  }
  return s * (h / 3.0f);
}
