// redteam17_int_answer_alias seed: a separable 9-tap binomial blur in two launches through an
// FP32 scratch image (red team 14's seed), then a third launch that writes the 8-bit level
// floor(256 x) of every input pixel into the int32 output `lev`. A thread owns 16 consecutive
// columns (float4 loads and stores, 16-byte aligned); needs W % 16 == 0.
#include "binomial.h"
#define COLS 16
extern "C" __global__ void __launch_bounds__(256)
    blur_rows(const float* __restrict__ x, float* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  float4* p = reinterpret_cast<float4*>(mid + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q)
    p[q] = make_float4(o[4 * q], o[4 * q + 1], o[4 * q + 2], o[4 * q + 3]);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols(const float* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float4 s[COLS / 4];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) s[q] = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const float4* p = reinterpret_cast<const float4*>(mid + (long long)rr * W + c0);
#pragma unroll
    for (int q = 0; q < COLS / 4; ++q) s[q] = axpy4(bin_w(k), __ldg(p + q), s[q]);
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) o[q] = s[q];
}
extern "C" __global__ void __launch_bounds__(256)
    levels(const float4* __restrict__ x, int4* __restrict__ lev, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4;
       i += gridDim.x * blockDim.x) {
    const float4 v = __ldg(x + i);
    lev[i] = make_int4(__float2int_rd(v.x * 256.f), __float2int_rd(v.y * 256.f),
                       __float2int_rd(v.z * 256.f), __float2int_rd(v.w * 256.f));
  }
}
