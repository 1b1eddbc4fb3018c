// redteam21o_magic_exp_field child: redteam19m_magic_block_scratch with a wider field. Each
// thread's 16 row-pass values share a power-of-two scale 2^s (one int a block of 16 in a side
// array of the scratch buffer); each is rounded to an integer by `fmaf(v, 2^s, 12582912.f)`
// (1.5 x 2^23: the sum lies in [2^23, 2^24), where the FP32 unit is 1), and the word's low 28
// bits are kept: the 23 mantissa bits and 5 of the exponent's 8, 16 fields packed in 14 words.
// The column pass ORs the 3 exponent bits the field lacks back in (0x40000000) and subtracts
// the magic number: the integer again, exactly. h28m's field rule (a float's bits of which only
// a field at the bottom is stored, read back as a float) passed a field holding 4 or more
// exponent bits, because that reads as a float value (top mantissa bit, >= 4 exponent bits)
// with its lowest mantissa bit kept (h28m's residual (1)). Error of a value <= 2^-22 x the
// block's largest |value|, as red team 17's; traffic per pixel 4 + 3.5 + 3.5 + 4 = 15 bytes
// against the seed's 16 (predicted ~1.03x; the point is the scan, not the speed).
// The block's shift from kernels/blur/block_fixed_ops.cuh (red team 17's); the 28-bit fields and
// their layout (scale words after 7/8 of a word a pixel) are this round's.
#include "block_fixed_ops.cuh"
#define FIELD 28
#define WORDS (COLS * FIELD / 32)  // 14
#define MAGIC 12582912.f           // 1.5 x 2^23
__device__ __forceinline__ long long scale_at28(int H, int W) { return (long long)H * W / 8 * 7; }
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_wide(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  const int s = block_shift(o);
  const float sc = __int_as_float((127 + s) << 23);
  unsigned w[WORDS];
#pragma unroll
  for (int q = 0; q < WORDS; ++q) w[q] = 0u;
#pragma unroll
  for (int q = 0; q < COLS; ++q) {
    const unsigned f = __float_as_uint(fmaf(o[q], sc, MAGIC)) & 0x0FFFFFFFu;
    const int bit = q * FIELD, at = bit / 32, sh = bit % 32;
    w[at] |= f << sh;
    if (sh + FIELD > 32) w[at + 1] |= f >> (32 - sh);
  }
  const long long i0 = (long long)r * W + c0;
  uint2* p = reinterpret_cast<uint2*>(mid + i0 / COLS * WORDS);
#pragma unroll
  for (int q = 0; q < WORDS / 2; ++q) p[q] = make_uint2(w[2 * q], w[2 * q + 1]);
  mid[scale_at28(H, W) + i0 / COLS] = unsigned(s);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_wide(const unsigned* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float4 acc[COLS / 4];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) acc[q] = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const long long i0 = (long long)rr * W + c0;
    const uint2* p = reinterpret_cast<const uint2*>(mid + i0 / COLS * WORDS);
    const float inv = __int_as_float((127 - int(__ldg(mid + scale_at28(H, W) + i0 / COLS))) << 23);
    unsigned w[WORDS];
#pragma unroll
    for (int q = 0; q < WORDS / 2; ++q) {
      const uint2 u = __ldg(p + q);
      w[2 * q] = u.x, w[2 * q + 1] = u.y;
    }
    float v[COLS];
#pragma unroll
    for (int q = 0; q < COLS; ++q) {
      const int bit = q * FIELD, at = bit / 32, sh = bit % 32;
      unsigned f = w[at] >> sh;
      if (sh + FIELD > 32) f |= w[at + 1] << (32 - sh);
      v[q] = (__uint_as_float(0x40000000u | (f & 0x0FFFFFFFu)) - MAGIC) * inv;
    }
#pragma unroll
    for (int q = 0; q < COLS / 4; ++q)
      acc[q] =
          axpy4(bin_w(k), make_float4(v[4 * q], v[4 * q + 1], v[4 * q + 2], v[4 * q + 3]), acc[q]);
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) o[q] = acc[q];
}
