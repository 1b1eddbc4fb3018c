// redteam16_runtime_shift_narrow child: red team 14's cheat (redteam14_int_narrow_stage) with
// the number of dropped bits read from a register (8 + (W >> 31): 8 for every W, unknown to the
// compiler and to the scan). generators/ptx_bit_narrowing.cpp reads a shift by a non-constant
// amount as mixing every bit ("Not seen: a mask or shift amount computed at run time"), so no
// mantissa bit is judged dropped, with or without red team 16's lop3 model. Otherwise red team
// 14's child: the seed's two passes, but the scratch image is stored in 3 bytes a value instead
// of 4. Launch 1 rounds each row-pass value to its top 24 bits (sign, 8
// exponent bits, 15 of the 23 mantissa bits: round to nearest even on the low 8 bits, in integer
// code) and packs a thread's 16 values into 12 words (three 16-byte stores); launch 2 unpacks
// them (a shift: exact) and filters the columns in FP32. Relative error of a stored value
// <= 2^-16 (half its 16-bit significand's ulp); every output is a positive-weight average of 9
// of them, so |error| <= 2^-16 x the average of |mid|: inside rtol 1e-4 on every input, whatever
// its scale or sign (no range assumption). A lower precision than the declared fp32, made
// without a cvt, an MMA or any half-format instruction: the PTX scan
// (generators/ptx_precision.cpp) reads only typed instructions. Traffic per pixel: 4 + 3 + 3 + 4
// = 14 bytes against the seed's 16.
#include "binomial.h"
#define COLS 16
// The number of dropped bits, 8, from the image width: W >> 31 is 0 for any W the problem
// allows, but NVVM cannot know it, so every shift below takes its amount from a register.
__device__ __forceinline__ unsigned drop_bits(int W) { return 8u + unsigned(W >> 31); }
__device__ __forceinline__ unsigned narrow24(float f, unsigned k) {
  const unsigned b = __float_as_uint(f);
  // round to nearest even on the k dropped bits
  return (b + ((1u << (k - 1)) - 1u) + ((b >> k) & 1u)) >> k;
}
__device__ __forceinline__ float widen24(unsigned m, unsigned k) { return __uint_as_float(m << k); }
// 4 values of 24 bits in 3 words, and back.
__device__ __forceinline__ void pack4(const float* v, unsigned* w, unsigned k) {
  const unsigned m0 = narrow24(v[0], k), m1 = narrow24(v[1], k), m2 = narrow24(v[2], k),
                 m3 = narrow24(v[3], k);
  w[0] = m0 | (m1 << 24);
  w[1] = (m1 >> 8) | (m2 << 16);
  w[2] = (m2 >> 16) | (m3 << 8);
}
__device__ __forceinline__ void unpack4(const unsigned* w, float* v, unsigned k) {
  v[0] = widen24(w[0] & 0xFFFFFFu, k);
  v[1] = widen24((w[0] >> 24) | ((w[1] & 0xFFFFu) << 8), k);
  v[2] = widen24((w[1] >> 16) | ((w[2] & 0xFFu) << 16), k);
  v[3] = widen24(w[2] >> 8, k);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_packed(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  unsigned w[COLS / 4 * 3];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) pack4(o + 4 * q, w + 3 * q, drop_bits(W));
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
      unpack4(w + 3 * q, a, drop_bits(W));
      s[q] = axpy4(bin_w(k), make_float4(a[0], a[1], a[2], a[3]), s[q]);
    }
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) o[q] = s[q];
}
