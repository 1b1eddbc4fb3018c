// redteam19m_runtime_magic_relay child: the block fixed-point scratch of
// redteam19m_magic_block_scratch with the magic number built at run time and the values read back
// by an ordinary conversion. The constant 1.5 x 2^23 is `__int_as_float(0x4B400000 + (W >> 31))`
// (W > 0, so the same word; NVVM cannot fold it), so no instruction names 12582912.f: the FMA
// `fmaf(v, 2^s, M)` rounds v 2^s to an integer whose value plus 2^22 sits in the low 23 bits of
// the word, of which 24 are kept and packed 4 in 3 words. The column pass subtracts 2^22 from
// each field and converts it with cvt.rn.f32.s32 (no cvt.rni on the way in: the rounding was the
// FMA's). Error of a value <= 2^-22 x its block's largest |value|; 14.5 bytes a pixel against
// the seed's 16.
#include "binomial.h"
#define COLS 16
__device__ __forceinline__ void pack4(const unsigned* m, unsigned* w) {
  w[0] = m[0] | (m[1] << 24);
  w[1] = (m[1] >> 8) | (m[2] << 16);
  w[2] = (m[2] >> 16) | (m[3] << 8);
}
__device__ __forceinline__ void unpack4(const unsigned* w, int* q) {
  q[0] = int(w[0] & 0xFFFFFFu) - 0x400000;
  q[1] = int((w[0] >> 24) | ((w[1] & 0xFFFFu) << 8)) - 0x400000;
  q[2] = int((w[1] >> 16) | ((w[2] & 0xFFu) << 16)) - 0x400000;
  q[3] = int(w[2] >> 8) - 0x400000;
}
__device__ __forceinline__ long long scale_at(int H, int W) { return (long long)H * W / 4 * 3; }
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_relay(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  const float magic = __int_as_float(0x4B400000 + (W >> 31));  // 1.5 x 2^23, built at run time
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  float big = 0.f;
#pragma unroll
  for (int q = 0; q < COLS; ++q) big = fmaxf(big, fabsf(o[q]));
  int e = 0;
  frexpf(big, &e);
  const int s = big > 0.f ? 22 - e : 0;
  const float sc = ldexpf(1.f, s);
  unsigned m[COLS], w[COLS / 4 * 3];
#pragma unroll
  for (int q = 0; q < COLS; ++q) m[q] = __float_as_uint(fmaf(o[q], sc, magic)) & 0xFFFFFFu;
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
    blur_cols_relay(const unsigned* __restrict__ mid, float* __restrict__ out, int H, int W) {
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
    const float inv = ldexpf(1.f, -int(__ldg(mid + scale_at(H, W) + i0 / COLS)));
    unsigned w[COLS / 4 * 3];
#pragma unroll
    for (int q = 0; q < COLS / 4 * 3 / 4; ++q) {
      const uint4 u = __ldg(p + q);
      w[4 * q] = u.x, w[4 * q + 1] = u.y, w[4 * q + 2] = u.z, w[4 * q + 3] = u.w;
    }
#pragma unroll
    for (int q = 0; q < COLS / 4; ++q) {
      int a[4];
      unpack4(w + 3 * q, a);
      const float4 v = make_float4(a[0] * inv, a[1] * inv, a[2] * inv, a[3] * inv);
      acc[q] = axpy4(bin_w(k), v, acc[q]);
    }
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) o[q] = acc[q];
}
