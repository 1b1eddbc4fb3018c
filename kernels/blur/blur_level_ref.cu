// float64 reference of red team 17's fused levels (redteam17_int_answer_alias,
// control_redteam17_fused_levels; written for the red team): the separable 9-tap binomial blur
// of binomial.h in double, edges replicated, and the 8-bit level of each input pixel,
// floor(256 x), in the int32 output (as a double: the worker's reference convention).
extern "C" __global__ void __launch_bounds__(256)
    blur_level_ref(const float* x, double* out, double* lev, int H, int W) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y;
  if (c >= W || r >= H) return;
#include "blur_ref_px.cuh"
  const long long i = (long long)r * W + c;
  out[i] = s;
  // The level as the variants compute it: x times 256 is exact in FP32, rounded down to an int
  // (cvt.rmi.s32.f32 saturates; NaN is 0).
  lev[i] = double(__float2int_rd(x[i] * 256.0f));
}
