// Red team 24's narrowed scratch stage (issue 28: tests/cheats/redteam24_callee_narrow_stage,
// redteam24_table_narrow_stage and redteam24_unsettled_scan_stage; issue 33: the three carried the
// same column pass). The blur seed's two passes with the scratch image in 3 bytes a value: each
// row-pass value kept as its top 24 bits, 4 values packed in 3 words high bits first
// (w0 = a << 8 | b >> 16, w1 = b << 16 | c >> 8, w2 = c << 24 | d). How the row pass narrows
// and packs is what each cheat hides differently, so it writes that launch itself (top24 and
// store_three below are the common parts); the column pass, which unpacks each value (a shift:
// exact) and filters the columns in FP32, is the whole kernel TOP24_COLS, the entry's name the
// includer defines before it includes this file.
#pragma once
#include "binomial.h"
#define NCOL 16
// The top 24 bits of f's word, rounded half away on the 8 dropped bits (no carry out: |f| < 2^127).
__device__ __forceinline__ unsigned top24(float f) {
  const unsigned b = __float_as_uint(f);
  return (b >> 8) + ((b >> 7) & 1u);
}
__device__ __forceinline__ float from24(unsigned m) { return __uint_as_float(m << 8); }
// A thread's NCOL / 4 * 3 packed words at pixel (r, c0), 3/4 of a word a pixel, in 16-byte stores.
__device__ __forceinline__ void store_three(unsigned* __restrict__ mid, int r, int c0, int W,
                                            const unsigned* w) {
  uint4* p = reinterpret_cast<uint4*>(mid + ((long long)r * W + c0) / 4 * 3);
#pragma unroll
  for (int q = 0; q < NCOL / 4 * 3 / 4; ++q)
    p[q] = make_uint4(w[4 * q], w[4 * q + 1], w[4 * q + 2], w[4 * q + 3]);
}
#ifdef TOP24_COLS
extern "C" __global__ void __launch_bounds__(256)
    TOP24_COLS(const unsigned* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = NCOL * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float s[NCOL];
#pragma unroll
  for (int q = 0; q < NCOL; ++q) s[q] = 0.0f;
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const uint4* p = reinterpret_cast<const uint4*>(mid + ((long long)rr * W + c0) / 4 * 3);
    unsigned w[NCOL / 4 * 3];
#pragma unroll
    for (int q = 0; q < NCOL / 4 * 3 / 4; ++q) {
      const uint4 u = __ldg(p + q);
      w[4 * q] = u.x, w[4 * q + 1] = u.y, w[4 * q + 2] = u.z, w[4 * q + 3] = u.w;
    }
#pragma unroll
    for (int q = 0; q < NCOL / 4; ++q) {
      const unsigned w0 = w[3 * q], w1 = w[3 * q + 1], w2 = w[3 * q + 2];
      const float v[4] = {from24(w0 >> 8), from24(((w0 & 0xFFu) << 16) | (w1 >> 16)),
                          from24(((w1 & 0xFFFFu) << 8) | (w2 >> 24)), from24(w2 & 0xFFFFFFu)};
#pragma unroll
      for (int j = 0; j < 4; ++j) s[4 * q + j] = fmaf(bin_w(k), v[j], s[4 * q + j]);
    }
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < NCOL / 4; ++q)
    o[q] = make_float4(s[4 * q], s[4 * q + 1], s[4 * q + 2], s[4 * q + 3]);
}
#endif
