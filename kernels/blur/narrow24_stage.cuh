// Red team 14's narrowed scratch stage (issue 28: tests/cheats/redteam14_int_narrow_stage and
// the two rounds that re-spell its narrowing, redteam16_lop3_narrow_stage and
// redteam17_div_narrow_stage; issue 33: the three carried the same text). The binomial blur's
// two passes with the scratch image in 3 bytes a value: launch 1 (blur_rows_packed) packs a
// thread's COLS row-pass values, each narrowed to its top 24 bits, into COLS / 4 * 3 words;
// launch 2 (blur_cols_packed) unpacks them (a shift: exact) and filters the columns in FP32. The
// including cheat defines `unsigned narrow24(float)`, the narrowing itself, before it includes
// this file: that is what each round spells differently. The packing: narrow24_pack.cuh.
#pragma once
#include "narrow24_pack.cuh"
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_packed(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  unsigned w[COLS / 4 * 3];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) pack4(o + 4 * q, w + 3 * q);
  store_packed24(mid, r, c0, W, w);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_packed(const unsigned* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float4 s[COLS / 4];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) s[q] = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const uint4* p = reinterpret_cast<const uint4*>(mid + ((long long)rr * W + c0) / 4 * 3);
    unsigned w[COLS / 4 * 3];
#pragma unroll
    for (int q = 0; q < COLS / 4 * 3 / 4; ++q) {
      const uint4 u = __ldg(p + q);
      w[4 * q] = u.x, w[4 * q + 1] = u.y, w[4 * q + 2] = u.z, w[4 * q + 3] = u.w;
    }
#pragma unroll
    for (int q = 0; q < COLS / 4; ++q) {
      float a[4];
      unpack4(w + 3 * q, a);
      s[q] = axpy4(bin_w(k), make_float4(a[0], a[1], a[2], a[3]), s[q]);
    }
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) o[q] = s[q];
}
