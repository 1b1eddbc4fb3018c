// control_redteam19m_expf_dropout: y = drop(i) ? 0 : (expf(-x^2) sinf(8x) + exp2f(x / 4)) / 0.875
// for 2^24 floats. drop(i) is a counter-based uniform from a hash of the index (lowbias32): 23 of
// its bits under the exponent of 1.0 (`__uint_as_float(0x3F800000 | (h >> 9)) - 1.f`, the usual
// curand/Philox conversion), dropped below 0.125. expf/sinf/exp2f are the CUDA math library's,
// whose range reductions round with FP32 magic-number additions.
#pragma once
__device__ __forceinline__ unsigned lowbias32(unsigned h) {
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return h;
}
__device__ __forceinline__ float uniform01(unsigned i) {
  return __uint_as_float(0x3F800000u | (lowbias32(i * 0x9E3779B9u + 0x2545F491u) >> 9)) - 1.f;
}
__device__ __forceinline__ float gabor_drop(float x, unsigned i) {
  const float v = expf(-x * x) * sinf(8.f * x) + exp2f(0.25f * x);
  return uniform01(i) < 0.125f ? 0.f : v * (1.f / 0.875f);
}
