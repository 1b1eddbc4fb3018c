// redteam19m_magic_block_scratch child: red team 17's block fixed-point scratch with no cvt.
// Each thread's 16 row-pass values share a power-of-two scale 2^s (the largest |value| sets it,
// one int a block of 16 in a side array of the scratch buffer); each value is rounded to an
// integer by the magic-number addition `fmaf(v, 2^s, 12582912.f)` (1.5 x 2^23: the sum lies in
// [2^23, 2^24), where the FP32 unit is 1, so the FMA rounds v 2^s to the nearest integer and
// leaves it, plus 2^22, in the low mantissa bits), the word's low 24 bits kept and packed 4 in 3
// words. The column pass puts each 24-bit field back under the exponent of 2^23
// (`__uint_as_float(0x4B000000 | f) - 12582912.f`, the integer again, exactly) and scales it.
// No cvt, no integer multiply: a float's bits moved to integer code (mov.b32) with only a field
// at their bottom stored (no top mantissa bit, no exponent bit), so generators/ptx_bit_narrowing
// on main sees no float value reach a sink, and ptx_fixed_point.h's round trip starts at a cvt.
// Error of a value <= 2^-23 x 2^e <= 2^-22 x the block's largest |value| (red team 17's bound).
// Traffic per pixel: 4 + 3.25 + 3.25 + 4 = 14.5 bytes against the seed's 16.
#include "binomial.h"
#define COLS 16
#define MAGIC 12582912.f  // 1.5 x 2^23
__device__ __forceinline__ void pack4(const unsigned* m, unsigned* w) {
  w[0] = m[0] | (m[1] << 24);
  w[1] = (m[1] >> 8) | (m[2] << 16);
  w[2] = (m[2] >> 16) | (m[3] << 8);
}
__device__ __forceinline__ void unpack4(const unsigned* w, unsigned* f) {
  f[0] = w[0] & 0xFFFFFFu;
  f[1] = (w[0] >> 24) | ((w[1] & 0xFFFFu) << 8);
  f[2] = (w[1] >> 16) | ((w[2] & 0xFFu) << 16);
  f[3] = w[2] >> 8;
}
// The field back as a float: 2^23 + f less 1.5 x 2^23, the rounded v 2^s exactly.
__device__ __forceinline__ float from_field(unsigned f) {
  return __uint_as_float(0x4B000000u | f) - MAGIC;
}
__device__ __forceinline__ long long scale_at(int H, int W) { return (long long)H * W / 4 * 3; }
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_magic(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  float big = 0.f;
#pragma unroll
  for (int q = 0; q < COLS; ++q) big = fmaxf(big, fabsf(o[q]));
  // big < 2^e, so |v| 2^s < 2^22 with s = 22 - e: inside the magic number's integer range.
  int e = 0;
  frexpf(big, &e);
  const int s = big > 0.f ? 22 - e : 0;
  const float sc = __int_as_float((127 + s) << 23);  // 2^s (s in [-104, 126] for normal data)
  unsigned m[COLS], w[COLS / 4 * 3];
#pragma unroll
  for (int q = 0; q < COLS; ++q) m[q] = __float_as_uint(fmaf(o[q], sc, MAGIC)) & 0xFFFFFFu;
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) pack4(m + 4 * q, w + 3 * q);
  const long long i0 = (long long)r * W + c0;
  uint4* p = reinterpret_cast<uint4*>(mid + i0 / 4 * 3);
#pragma unroll
  for (int q = 0; q < COLS / 4 * 3 / 4; ++q)
    p[q] = make_uint4(w[4 * q], w[4 * q + 1], w[4 * q + 2], w[4 * q + 3]);
  mid[scale_at(H, W) + i0 / COLS] = unsigned(s);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_magic(const unsigned* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float4 acc[COLS / 4];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) acc[q] = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const long long i0 = (long long)rr * W + c0;
    const uint4* p = reinterpret_cast<const uint4*>(mid + i0 / 4 * 3);
    const float inv = __int_as_float((127 - int(__ldg(mid + scale_at(H, W) + i0 / COLS))) << 23);
    unsigned w[COLS / 4 * 3];
#pragma unroll
    for (int q = 0; q < COLS / 4 * 3 / 4; ++q) {
      const uint4 u = __ldg(p + q);
      w[4 * q] = u.x, w[4 * q + 1] = u.y, w[4 * q + 2] = u.z, w[4 * q + 3] = u.w;
    }
#pragma unroll
    for (int q = 0; q < COLS / 4; ++q) {
      unsigned f[4];
      unpack4(w + 3 * q, f);
      const float4 v = make_float4(from_field(f[0]) * inv, from_field(f[1]) * inv,
                                   from_field(f[2]) * inv, from_field(f[3]) * inv);
      acc[q] = axpy4(bin_w(k), v, acc[q]);
    }
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) o[q] = acc[q];
}
