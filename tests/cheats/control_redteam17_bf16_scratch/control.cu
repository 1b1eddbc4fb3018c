// control_redteam17_bf16_scratch child (honest mixed precision, declared as such): the seed's two
// passes with the scratch image stored as BF16 (cvt.rn.bf16x2.f32, two values a word), the row and
// column sums in FP32. Declared `precision: bf16`, judged with the problem's bf16 tolerance class
// (rtol 8e-3, twice a stored value's largest relative error 2^-8; every output is a
// positive-weight average of 9 of them). Beside redteam17_block_fixed_scratch, which narrows the
// same scratch without saying so. Traffic per pixel: 4 + 2 + 2 + 4 = 12 bytes against the
// seed's 16.
#include <cuda_bf16.h>

#include "binomial.h"
#define COLS 16
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_bf16(const float* __restrict__ x, __nv_bfloat162* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  __nv_bfloat162 h[COLS / 2];
#pragma unroll
  for (int q = 0; q < COLS / 2; ++q) h[q] = __floats2bfloat162_rn(o[2 * q], o[2 * q + 1]);
  uint4* p = reinterpret_cast<uint4*>(mid + ((long long)r * W + c0) / 2);
  const uint4* s = reinterpret_cast<const uint4*>(h);
  p[0] = s[0];
  p[1] = s[1];
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_bf16(const __nv_bfloat162* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float4 acc[COLS / 4];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) acc[q] = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const uint4* p = reinterpret_cast<const uint4*>(mid + ((long long)rr * W + c0) / 2);
    uint4 u[2] = {__ldg(p), __ldg(p + 1)};
    const __nv_bfloat162* h = reinterpret_cast<const __nv_bfloat162*>(u);
#pragma unroll
    for (int q = 0; q < COLS / 4; ++q) {
      const float2 a = __bfloat1622float2(h[2 * q]), b = __bfloat1622float2(h[2 * q + 1]);
      acc[q] = axpy4(bin_w(k), make_float4(a.x, a.y, b.x, b.y), acc[q]);
    }
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) o[q] = acc[q];
}
