// Red team 14's narrowed scratch stage (issue 28: tests/cheats/redteam14_int_narrow_stage and
// the two rounds that re-spell its narrowing, redteam16_lop3_narrow_stage and
// redteam17_div_narrow_stage; issue 33: the three carried the same text). The binomial blur's
// two passes with the scratch image in 3 bytes a value: launch 1 (blur_rows_packed) packs a
// thread's COLS row-pass values, each narrowed to its top 24 bits, into COLS / 4 * 3 words;
// launch 2 (blur_cols_packed) unpacks them (a shift: exact) and filters the columns in FP32. The
// including cheat defines `unsigned narrow24(float)`, the narrowing itself, before it includes
// this file: that is what each round spells differently.
#pragma once
#include "binomial.h"
#define COLS 16
__device__ __forceinline__ float widen24(unsigned m) { return __uint_as_float(m << 8); }
// 4 values of 24 bits in 3 words, and back.
__device__ __forceinline__ void pack4(const float* v, unsigned* w) {
  const unsigned m0 = narrow24(v[0]), m1 = narrow24(v[1]), m2 = narrow24(v[2]), m3 = narrow24(v[3]);
  w[0] = m0 | (m1 << 24);
  w[1] = (m1 >> 8) | (m2 << 16);
  w[2] = (m2 >> 16) | (m3 << 8);
}
__device__ __forceinline__ void unpack4(const unsigned* w, float* v) {
  v[0] = widen24(w[0] & 0xFFFFFFu);
  v[1] = widen24((w[0] >> 24) | ((w[1] & 0xFFFFu) << 8));
  v[2] = widen24((w[1] >> 16) | ((w[2] & 0xFFu) << 16));
  v[3] = widen24(w[2] >> 8);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_packed(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  unsigned w[COLS / 4 * 3];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) pack4(o + 4 * q, w + 3 * q);
  uint4* p = reinterpret_cast<uint4*>(mid + ((long long)r * W + c0) / 4 * 3);
#pragma unroll
  for (int q = 0; q < COLS / 4 * 3 / 4; ++q)
    p[q] = make_uint4(w[4 * q], w[4 * q + 1], w[4 * q + 2], w[4 * q + 3]);
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
