// The FP32 special-function unit's base-2 logarithm and exponential (lg2.approx.ftz.f32,
// ex2.approx.ftz.f32, ~2^-22 relative) as forced-inline functions: red team 13's Riesz terms
// (tests/cheats/redteam13_f64_sfu_pow, where they are the value, and
// control_redteam13_f64_sfu_newton, where they seed FP64 Newton steps; `kernels: [potential]`).
#pragma once
__device__ __forceinline__ float lg2_approx(float v) {
  float r;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(v));
  return r;
}
__device__ __forceinline__ float ex2_approx(float v) {
  float r;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(v));
  return r;
}
