// log B(x + 4, x + 2) in FP32, shared by the seed and the child of tests/cheats/
// redteam7_offlaw_lgamma_sample and of the two red team 16 folders built on it
// (redteam16_twin_output_sample, control_redteam16_twin_output_recurrence; `kernels: [lbeta]`),
// and the honest children's recurrence form of the same function.
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
// The same log B(x + 4, x + 2) with one lgammaf fewer: lgamma(x + 4) = lgamma(x + 2) +
// log((x + 2)(x + 3)), so f = 2 lgamma(x + 2) + log((x + 2)(x + 3)) - lgamma(2x + 6): two lgammaf
// and a logf against lbeta_term's three, FP32 throughout (the honest children of red teams 16
// and 26: control_redteam16_twin_output_recurrence, control_redteam26_*).
__device__ __forceinline__ float lbeta_rec(float x) {
  const float a = x + 2.0f;
  return 2.0f * lgammaf(a) + logf(a * (x + 3.0f)) - lgammaf(2.0f * x + 6.0f);
}
// A block's `acc` summed (a warp shuffle tree, one slot a warp of `warps`, then the first warp)
// and added to *y with one float atomicAdd. Every thread of the block must call it.
template <int warps>
__device__ __forceinline__ void block_sum_add(float acc, float* y) {
  __shared__ float slot[warps];
  acc = warp_sum(acc);
  if ((threadIdx.x & 31) == 0) slot[threadIdx.x >> 5] = acc;
  __syncthreads();
  if (threadIdx.x < 32) {
    acc = warp_sum(threadIdx.x < warps ? slot[threadIdx.x] : 0.f);
    if (threadIdx.x == 0) atomicAdd(y, acc);
  }
}
