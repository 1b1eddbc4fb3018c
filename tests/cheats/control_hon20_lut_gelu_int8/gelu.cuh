// control_hon20_lut_gelu_int8: GELU (erf form) of scale * code in FP32, the same expression in
// the seed and in the child's table.
__device__ __forceinline__ float gelu_code(int code, float scale) {
  const float v = scale * (float)code;
  return 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
}
