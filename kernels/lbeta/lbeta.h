// log B(x + 4, x + 2) in FP32, shared by the seed and the child of tests/cheats/
// redteam7_offlaw_lgamma_sample and of the two red team 16 folders built on it
// (redteam16_twin_output_sample, control_redteam16_twin_output_recurrence; `kernels: [lbeta]`).
#pragma once
__device__ __forceinline__ float lbeta_term(float x) {
  return lgammaf(x + 4.0f) + lgammaf(x + 2.0f) - lgammaf(2.0f * x + 6.0f);
}
__device__ __forceinline__ float lbeta4(float4 q) {
  return (lbeta_term(q.x) + lbeta_term(q.y)) + (lbeta_term(q.z) + lbeta_term(q.w));
}
__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
