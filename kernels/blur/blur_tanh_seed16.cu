// The tanh blur seed (redteam33_float_packed_scratch, redteam34_subnormal_packed_scratch): red
// team 14's two-pass blur (kernels/blur/blur_seed16.cu's frame: 16 columns a thread, float4 loads
// and stores, an FP32 scratch image), with tanh applied to each column sum.
#include "binomial.h"
#define COLS 16
#ifndef BLUR_MID_AT  // where the row sums go: the scratch passed (red team 38's control: elsewhere)
#define BLUR_MID_AT(p) (p)
#endif
extern "C" __global__ void __launch_bounds__(256)
    blur_rows(const float* __restrict__ x, float* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  float4* p = reinterpret_cast<float4*>(BLUR_MID_AT(mid) + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q)
    p[q] = make_float4(o[4 * q], o[4 * q + 1], o[4 * q + 2], o[4 * q + 3]);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_tanh(const float* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float4 s[COLS / 4];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) s[q] = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const float4* p = reinterpret_cast<const float4*>(BLUR_MID_AT(mid) + (long long)rr * W + c0);
#pragma unroll
    for (int q = 0; q < COLS / 4; ++q) s[q] = axpy4(bin_w(k), __ldg(p + q), s[q]);
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q)
    o[q] = make_float4(tanhf(s[q].x), tanhf(s[q].y), tanhf(s[q].z), tanhf(s[q].w));
}
