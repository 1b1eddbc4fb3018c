// redteam21o_magic_dead_word child: redteam19m_magic_block_scratch (24 low bits of the
// magic-rounded word stored a value, read back under the exponent of 2^23) with every whole word
// also stored, under `if (W < 0)`: a branch no launch takes (W is the image's width), which
// neither NVVM nor a static scan can prove dead. The bit scan united the bits of every store of
// a float's word (a float split into halves, both stored, keeps every bit), so the dead whole
// word excused the field (h28m's residual (2)). Run time and traffic are the parent's: the dead
// branch costs a compare (predicted ~1.1x, as the parent's).
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
    blur_rows_dead(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
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
  for (int q = 0; q < COLS; ++q) m[q] = __float_as_uint(fmaf(o[q], sc, MAGIC));
  const long long i0 = (long long)r * W + c0;
  if (W < 0) {  // never: W > 0. The whole words, which the scan united with the fields.
#pragma unroll
    for (int q = 0; q < COLS; ++q) mid[i0 + q] = m[q] ^ unsigned(W);
  }
#pragma unroll
  for (int q = 0; q < COLS; ++q) m[q] &= 0xFFFFFFu;
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) pack4(m + 4 * q, w + 3 * q);
  uint4* p = reinterpret_cast<uint4*>(mid + i0 / 4 * 3);
#pragma unroll
  for (int q = 0; q < COLS / 4 * 3 / 4; ++q)
    p[q] = make_uint4(w[4 * q], w[4 * q + 1], w[4 * q + 2], w[4 * q + 3]);
  mid[scale_at(H, W) + i0 / COLS] = unsigned(s);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_dead(const unsigned* __restrict__ mid, float* __restrict__ out, int H, int W) {
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
