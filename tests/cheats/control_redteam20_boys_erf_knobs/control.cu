// Control of red team 20 (issue 28): red team 19's closed-form control (control_redteam19_boys_erf:
// F0(x) = sqrt(pi / (4 x)) erf(sqrt(x)) in FP32, the Taylor series below 2^-7) with a knob space
// of 256 points, as redteam20_tie_law_boys has: the small-argument branch's threshold exponent
// and the Taylor order it keeps, the way 1/sqrt(x) is formed, the launch bound's blocks per SM
// (every point right far inside rtol 1e-5; -D macros with defaults, the launch fixed). Faster on
// every kind of data (one erff against 65 exponentials), so its timed verdict is "faster" and
// the law pairs confirm it: kept before and after red team 20's fix (which changes only ties),
// in a large search or not.
#ifndef TSH
#define TSH 7
#endif
#ifndef TORD
#define TORD 4
#endif
#ifndef RCP
#define RCP 0
#endif
#ifndef MB
#define MB 1
#endif
__device__ __forceinline__ float boys_one(float v) {
  if (v < __int_as_float((127 - TSH) << 23)) {  // 2^-TSH: the dropped term < v^(TORD+1) / 1320
    float p = TORD >= 5 ? -1.0f / 1320.0f : 0.0f;
    p = v * p + (TORD >= 4 ? 1.0f / 216.0f : 0.0f);
    p = v * p - 1.0f / 42.0f;
    p = v * p + 0.1f;
    p = v * p - 1.0f / 3.0f;
    return 1.0f + v * p;
  }
  const float s = sqrtf(v);
  const float e = 0.88622692545275801365f * erff(s);
  if (RCP == 1) return e * __frcp_rn(s);
  if (RCP == 2) return e * rsqrtf(v);
  if (RCP == 3) return __fdividef(e, s);
  return e / s;
}
extern "C" __global__ void __launch_bounds__(256, MB)
    boys_erf_knobs(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = boys_one(x[i]);
}
