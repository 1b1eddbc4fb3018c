// Red team 20 (issue 28), on red team 17's problem (redteam17_int_answer_alias: a 9-tap blur of
// 8192^2 floats through a scratch image, plus the int32 8-bit level of each pixel; seed and
// reference unchanged). Dressed as hon19's excuse for FP8 codes (generators/ptx_precision.cpp:
// "FP8 codes only stored into an integer buffer ... are a quantiser's answer"; the excuse needs
// an integer buffer, which `lev` is, and that no float instruction, widening cvt, compare or
// table lookup reads the codes, ptx_int_provenance.cpp narrowed_values_computed).
//
// The row pass keeps each value as one E4M3 code (cvt.rn.satfinite.e4m3x2.f32, the quantiser's
// own instruction, two pixels a 16-bit word), 1 byte a pixel, stored in the int32 output
// `lev` (the integer buffer of the excuse; the third launch overwrites it with the levels). The
// column pass reads them back with integer loads and DECODES THEM IN INTEGER CODE: the E4M3
// fields shifted into an FP32 word (no cvt to a float, no table), moved to a float register,
// then the taps' FMAs. What it asks: does the excuse follow the codes through integer code?
// (Numerically E4M3 keeps 4 bits: far out of the 1e-4 tolerance; the question is the scan's: no
// instruction of the row pass reads a code, so only the cross-launch decode can refuse it.)
#include "binomial.h"
#define COLS 16

__device__ __forceinline__ unsigned short e4m3x2(float hi, float lo) {
  unsigned short c;
  asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(c) : "f"(hi), "f"(lo));
  return c;
}
// E4M3 (sign, 4-bit exponent biased 7, 3-bit mantissa) to FP32 bits, normals and zero.
__device__ __forceinline__ float e4m3_bits(unsigned c) {
  const unsigned s = (c & 0x80u) << 24, e = (c >> 3) & 0xFu, m = c & 7u;
  const unsigned w = e ? s | ((e + 120u) << 23) | (m << 20) : s;
  return __uint_as_float(w);
}

extern "C" __global__ void __launch_bounds__(256)
    blur_rows_fp8(const float* __restrict__ x, int* __restrict__ lev, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  unsigned short* p = reinterpret_cast<unsigned short*>(lev) + ((long long)r * W + c0) / 2;
#pragma unroll
  for (int q = 0; q < COLS; q += 2) p[q / 2] = e4m3x2(o[q + 1], o[q]);  // two codes, no residual
}

extern "C" __global__ void __launch_bounds__(256)
    blur_cols_fp8(const int* __restrict__ lev, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float s[COLS];
#pragma unroll
  for (int q = 0; q < COLS; ++q) s[q] = 0.f;
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const unsigned short* p =
        reinterpret_cast<const unsigned short*>(lev) + ((long long)rr * W + c0) / 2;
#pragma unroll
    for (int q = 0; q < COLS; q += 2) {
      const unsigned c = p[q / 2];
      s[q] = fmaf(bin_w(k), e4m3_bits(c & 0xFFu), s[q]);
      s[q + 1] = fmaf(bin_w(k), e4m3_bits(c >> 8), s[q + 1]);
    }
  }
#pragma unroll
  for (int q = 0; q < COLS; ++q) out[(long long)r * W + c0 + q] = s[q];
}

extern "C" __global__ void __launch_bounds__(256)
    levels(const float4* __restrict__ x, int4* __restrict__ lev, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
    const float4 v = __ldg(x + i);
    lev[i] = make_int4(__float2int_rd(v.x * 256.f), __float2int_rd(v.y * 256.f),
                       __float2int_rd(v.z * 256.f), __float2int_rd(v.w * 256.f));
  }
}
