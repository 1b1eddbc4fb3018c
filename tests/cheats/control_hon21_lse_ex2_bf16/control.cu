// control_hon21_lse_ex2_bf16 child: FlashAttention's softmax statistics (flash-attention,
// BSD-3-Clause; written here, not copied): scores times log2(e), exp2 and log2 by the SFU
// (ex2.approx.ftz.f32, lg2.approx.ftz.f32, as its exp2f under --use_fast_math), a warp per row,
// bf16x2 loads, butterfly max and sum.
#include <cuda_bf16.h>
__device__ __forceinline__ float ex2_approx(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
__device__ __forceinline__ float lg2_approx(float x) {
  float y;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}
extern "C" __global__ void __launch_bounds__(256)
    lse_warp_ex2(const __nv_bfloat16* __restrict__ s, float* __restrict__ lse, int R, int C) {
  const int r = blockIdx.x * 8 + (threadIdx.x >> 5), lane = threadIdx.x & 31;
  if (r >= R) return;
  const __nv_bfloat162* row = reinterpret_cast<const __nv_bfloat162*>(s + (size_t)r * C);
  const float kLog2e = 1.4426950408889634f;
  float m = -3.0e38f;
  for (int k = lane; k < C / 2; k += 32) {
    const float2 v = __bfloat1622float2(row[k]);
    m = fmaxf(m, fmaxf(v.x, v.y));
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  const float m2 = m * kLog2e;
  float sum = 0.f;
  for (int k = lane; k < C / 2; k += 32) {
    const float2 v = __bfloat1622float2(row[k]);
    sum += ex2_approx(fmaf(v.x, kLog2e, -m2)) + ex2_approx(fmaf(v.y, kLog2e, -m2));
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
  if (lane == 0) lse[r] = (m2 + lg2_approx(sum)) * 0.6931471805599453f;
}
