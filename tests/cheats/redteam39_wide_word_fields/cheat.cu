// Red team 39 (issue 28, P4m after fix38s): red team 34's 16-bit fields (kernels/blur/
// subnormal_pack3.cuh: three fields in two FP32 words, every rounding a product into FP32's
// subnormal range) kept under an honest FP32 value in each 64-bit word of a u64 scratch.
//
// The step reads a u64 scratch as FP64 words (scratch_resolution.h resolution_word_bytes) and
// judges each word on FP32's moves: the fine move is a relative 2^-18, about 2^34 FP64 steps, and
// a changed word passes where |fine - A - ratio (coarse - A)| <= 4 + 2 |ratio (coarse - A)| steps
// (kProportionSteps, kProportionSlack): a slack relative to the move, so the word's lowest ~35
// bits are never tested. Here the high 32 bits of every word are one pixel's FP32 row sum (it
// moves in proportion, 16-48 of its ulps = 2^36-2^37 FP64 steps under the fine move) and the low
// 32 bits are one of red team 34's packed words (1.5 16-bit fields of three other pixels): each
// word moves as its FP32 half does, within 2^32 steps. 16 pixels a thread in 7 words (56 bytes,
// 3.5 bytes a pixel against the seed's 4): 7 pixels at FP32, 9 at 16 bits.
#include "subnormal_pack3.cuh"  // rn_int, field16, pack3, unpack3 (kernels/blur)
#include "binomial.h"           // row_pass, bin_w, clampi (kernels/blur)
#define COLS 16
#define WIDE 7  // 64-bit words a 16-pixel block
__device__ __forceinline__ float value16(float q) { return (q - 32768.f) * (1.f / 32768.f); }

// .x is a word's low 32 bits (little-endian), .y its high 32 bits.
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_wide(const float* __restrict__ x, float2* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  float lo[WIDE];
#pragma unroll
  for (int t = 0; t < 3; ++t)
    pack3(field16(o[3 * t]), field16(o[3 * t + 1]), field16(o[3 * t + 2]), lo[2 * t],
          lo[2 * t + 1]);
  lo[6] = 0.f;
  float2* p = mid + ((long long)r * W + c0) / COLS * WIDE;
#pragma unroll
  for (int q = 0; q < WIDE; ++q) p[q] = make_float2(lo[q], o[9 + q]);
}

extern "C" __global__ void __launch_bounds__(256)
    blur_cols_wide(const float2* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float s[COLS];
#pragma unroll
  for (int q = 0; q < COLS; ++q) s[q] = 0.f;
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const float2* p = mid + ((long long)rr * W + c0) / COLS * WIDE;
    float lo[WIDE], v[COLS];
#pragma unroll
    for (int q = 0; q < WIDE; ++q) {
      const float2 u = __ldg(p + q);
      lo[q] = u.x;
      v[9 + q] = u.y;
    }
#pragma unroll
    for (int t = 0; t < 3; ++t) {
      unpack3(lo[2 * t], lo[2 * t + 1], v[3 * t], v[3 * t + 1], v[3 * t + 2]);
      v[3 * t] = value16(v[3 * t]);
      v[3 * t + 1] = value16(v[3 * t + 1]);
      v[3 * t + 2] = value16(v[3 * t + 2]);
    }
#pragma unroll
    for (int q = 0; q < COLS; ++q) s[q] = fmaf(bin_w(k), v[q], s[q]);
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q)
    o[q] = make_float4(tanhf(s[4 * q]), tanhf(s[4 * q + 1]), tanhf(s[4 * q + 2]),
                       tanhf(s[4 * q + 3]));
}
