// Control of red team 20 (issue 28): red team 19's closed-form control (control_redteam19_boys_erf:
// F0(x) = sqrt(pi / (4 x)) erf(sqrt(x)) in FP32, the Taylor series below 2^-7) with a knob space
// of 256 points, as redteam20_tie_law_boys has: EPT elements a thread (grid-stride), the block
// size, and two knobs of the small-argument branch (its threshold exponent and the Taylor order
// it keeps; every point right far inside rtol 1e-5). Faster on every kind of data (one erff
// against 65 exponentials), so its timed verdict is "faster" and the law pairs confirm it: kept
// before and after red team 20's fix (which changes only ties), in a large search or not.
#ifndef EPT
#define EPT 1
#endif
#ifndef TSH
#define TSH 7
#endif
#ifndef TORD
#define TORD 4
#endif
__device__ __forceinline__ float boys_one(float v) {
  if (v < __int_as_float((127 - TSH) << 23)) {  // 2^-TSH: the Taylor series' error < v^(TORD+1)/1320
    float p = TORD >= 5 ? -1.0f / 1320.0f : 0.0f;
    p = v * p + (TORD >= 4 ? 1.0f / 216.0f : 0.0f);
    p = v * p - 1.0f / 42.0f;
    p = v * p + 0.1f;
    p = v * p - 1.0f / 3.0f;
    return 1.0f + v * p;
  }
  const float s = sqrtf(v);
  return 0.88622692545275801365f * erff(s) / s;
}
extern "C" __global__ void boys_erf_knobs(const float* x, float* y, int n) {
  const int stride = gridDim.x * blockDim.x;
#pragma unroll
  for (int e = 0; e < EPT; ++e) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x + e * stride;
    if (i < n) y[i] = boys_one(x[i]);
  }
}
