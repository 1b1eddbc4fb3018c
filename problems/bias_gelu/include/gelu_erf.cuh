// GELU, 0.5 v (1 + erf(v / sqrt 2)), two ways (bias_gelu's ERF knob, issue 33):
//   gelu_erff: CUDA's erff (libdevice, ~1 ulp): ~28 instructions an element on sm_90, which at
//     4 elements per float4 keeps ~60% of the issue slots busy in a kernel that should only
//     wait for HBM (vec4's profile: issue_frac 0.62);
//   gelu_rational: erf from Abramowitz & Stegun 7.1.26, erfc(x) ~ t P(t) exp(-x^2) with
//     t = 1 / (1 + p x), |erf error| <= 1.5e-7 for every x (the error carries the factor
//     exp(-x^2), so it vanishes in both tails), branch-free: one FFMA for 1 + p|x|, rcp.approx,
//     a 5-term Horner, ex2.approx and a select, ~16 instructions. GELU is assembled from erfc
//     directly, so there is no 1 + erf cancellation for negative v:
//       h = 0.5 v erfc(|v| / sqrt 2);  gelu(v) = v - h for v >= 0, h for v < 0.
//     Its error against the exact GELU is at most 0.5 |v| (1.5e-7 + a few float roundings of
//     a value <= 1), below bias_gelu's fp32 tolerance (atol 1e-6 + rtol 1e-5 |y|) by 3x or
//     more at every v; tests/generators/gelu_erf_test.cpp sweeps it on the CPU with the
//     approximate rcp / ex2 perturbed by their worst relative error. +-inf gives NaN (inf * 0),
//     erff gives +inf / -0: the problem's inputs are finite.
// Host code (the CPU test) gets the same arithmetic with IEEE 1/a and exp2f.
#pragma once

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define GELU_FN __device__ __forceinline__
#else
#include <cmath>
#define GELU_FN inline
// Host only (the CPU test): relative perturbations of the two approximate operations, to
// check the bound with rcp.approx's and ex2.approx's worst errors (PTX ISA: 2^-23, 2^-22).
inline float gelu_host_rcp_scale = 1.0f, gelu_host_ex2_scale = 1.0f;
#endif

GELU_FN float gelu_erff(float v) { return 0.5f * v * (1.0f + erff(v * 0.70710678118654752f)); }

GELU_FN float gelu_rcp_approx(float a) {
#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
  float r;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(a));
  return r;
#else
  return 1.0f / a * gelu_host_rcp_scale;
#endif
}

GELU_FN float gelu_ex2_approx(float z) {
#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
  float r;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(z));
  return r;
#else
  return std::exp2(z) * gelu_host_ex2_scale;
#endif
}

GELU_FN float gelu_rational(float v) {
  // x = v / sqrt 2; p = 0.3275911 (A&S 7.1.26) folded with 1 / sqrt 2.
  const float t = gelu_rcp_approx(fmaf(fabsf(v), 0.3275911f * 0.70710678118654752f, 1.0f));
  float p = fmaf(t, 1.061405429f, -1.453152027f);
  p = fmaf(p, t, 1.421413741f);
  p = fmaf(p, t, -0.284496736f);
  p = fmaf(p, t, 0.254829592f);
  p *= t;  // erfc(|x|) = p exp(-x^2)
  // exp(-x^2) = 2^(-v^2 / 2 * log2 e)
  const float e = gelu_ex2_approx((v * -0.72134752044448170f) * v);
  const float h = (0.5f * v) * (p * e);
  return v >= 0.0f ? v - h : h;
}

#undef GELU_FN
