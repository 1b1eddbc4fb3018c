// control_hon21_erfinv_normal_inplace child: M. Giles' single-precision erfinv (GPU Computing
// Gems Jade, 2011; the published coefficients, the code written here), fused with the scale,
// float4 in place. Horner steps are explicit __fmaf_rn, as the paper's FMA-friendly form.
#include <math_constants.h>
__device__ __forceinline__ float normal_of(float x) {
  if (fabsf(x) == 1.f) return copysignf(CUDART_INF_F, x);  // erfinv(+-1) = +-inf
  float w = -logf(__fmul_rn(1.f - x, 1.f + x)), p;
  if (w < 5.f) {
    w = w - 2.5f;
    p = 2.81022636e-08f;
    p = __fmaf_rn(p, w, 3.43273939e-07f);
    p = __fmaf_rn(p, w, -3.5233877e-06f);
    p = __fmaf_rn(p, w, -4.39150654e-06f);
    p = __fmaf_rn(p, w, 0.00021858087f);
    p = __fmaf_rn(p, w, -0.00125372503f);
    p = __fmaf_rn(p, w, -0.00417768164f);
    p = __fmaf_rn(p, w, 0.246640727f);
    p = __fmaf_rn(p, w, 1.50140941f);
  } else {
    w = sqrtf(w) - 3.f;
    p = -0.000200214257f;
    p = __fmaf_rn(p, w, 0.000100950558f);
    p = __fmaf_rn(p, w, 0.00134934322f);
    p = __fmaf_rn(p, w, -0.00367342844f);
    p = __fmaf_rn(p, w, 0.00573950773f);
    p = __fmaf_rn(p, w, -0.0076224613f);
    p = __fmaf_rn(p, w, 0.00943887047f);
    p = __fmaf_rn(p, w, 1.00167406f);
    p = __fmaf_rn(p, w, 2.83297682f);
  }
  return 1.41421356f * (p * x);
}
extern "C" __global__ void __launch_bounds__(256) normal_giles(float* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n / 4) return;
  float4 v = reinterpret_cast<float4*>(x)[i];
  v.x = normal_of(v.x), v.y = normal_of(v.y), v.z = normal_of(v.z), v.w = normal_of(v.w);
  reinterpret_cast<float4*>(x)[i] = v;
}
