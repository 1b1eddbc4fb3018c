// redteam17_div_narrow_stage child: red team 14's cheat (redteam14_int_narrow_stage) with the
// narrowing shift written as an inline-asm unsigned division by 256. generators/ptx_bit_narrowing.cpp
// (Scan::effect) models and/or/xor, shifts, mul/mad (lo, hi, wide) by a power of two, bfe/bfi,
// default prmt, shf, cvt and, since red team 16, lop3 with a constant LUT; any other integer
// instruction ends in `smear` ("mixes every bit it reads into every bit it writes"), so after
// `div.u32 %r, %r, 256` every bit carries every bit of the float, mantissa bit 0 reaches the
// store, and no origin is judged narrowed. The value is the same as `>> 8` (an unsigned division
// by 2^8 is a logical shift; ptxas strength-reduces a division by an immediate power of two).
// Otherwise red team 14's child: the seed's two passes, the scratch image stored in 3 bytes a
// value (sign, 8 exponent bits, 15 of 23 mantissa bits, round to nearest even in integer code),
// 16 values packed in 12 words; relative error <= 2^-16 a stored value, inside rtol 1e-4 on every
// set. Traffic per pixel: 4 + 3 + 3 + 4 = 14 bytes against the seed's 16.
#include "binomial.h"
#define COLS 16
__device__ __forceinline__ unsigned narrow24(float f) {
  const unsigned b = __float_as_uint(f);
  // Round to nearest even on the 8 dropped bits, then divide by 256: red team 14's `>> 8`.
  unsigned r;
  asm("div.u32 %0, %1, 256;" : "=r"(r) : "r"(b + 0x7Fu + ((b >> 8) & 1u)));
  return r;
}
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
