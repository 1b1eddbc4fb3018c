// Red teams 17, 19m and 21o's block fixed-point scratch stage (issue 28: tests/cheats/
// redteam17_block_fixed_scratch, redteam19m_magic_block_scratch, redteam19m_runtime_magic_relay,
// redteam21o_magic_dead_word and, for block_shift alone, redteam21o_magic_exp_field; issue 33:
// the five carried the same frame). The binomial blur's two passes with the scratch image in
// block fixed point: a thread's COLS row-pass values share one power-of-two scale 2^s (the
// largest |value| sets it, block_shift), each value is kept as a 24-bit field, 4 fields packed in
// 3 words at 3/4 of a word a pixel, and s is stored as one word a block of COLS after the packed
// image (scale_at). How a value becomes its field and a field its value again is what each round
// spells differently, so the including cheat writes the row pass's rounding itself (with
// block_shift and store_fixed from here) and the read-back for the column pass, whose frame is
// block_fixed_cols.cuh.
#pragma once
#include "binomial.h"
#define COLS 16
// The block's shift s = 22 - e, where the largest |value| is m 2^e, m in [0.5, 1): every |value|
// times 2^s is below 2^22, a signed 24-bit integer (s = 0 for a block of zeros).
__device__ __forceinline__ int block_shift(const float* o) {
  float big = 0.f;
#pragma unroll
  for (int q = 0; q < COLS; ++q) big = fmaxf(big, fabsf(o[q]));
  int e = 0;
  frexpf(big, &e);
  return big > 0.f ? 22 - e : 0;
}
// 4 fields of 24 bits (the low 24 bits of m[0..3]) in 3 words, and the 4 fields back.
__device__ __forceinline__ void pack4(const unsigned* m, unsigned* w) {
  w[0] = m[0] | (m[1] << 24);
  w[1] = (m[1] >> 8) | (m[2] << 16);
  w[2] = (m[2] >> 16) | (m[3] << 8);
}
__device__ __forceinline__ void fields4(const unsigned* w, unsigned* f) {
  f[0] = w[0] & 0xFFFFFFu;
  f[1] = (w[0] >> 24) | ((w[1] & 0xFFFFu) << 8);
  f[2] = (w[1] >> 16) | ((w[2] & 0xFFu) << 16);
  f[3] = w[2] >> 8;
}
// The scratch layout in `mid` (H x W words): the packed fields at 3/4 of a word a pixel, then one
// scale word a block of COLS pixels.
__device__ __forceinline__ long long scale_at(int H, int W) { return (long long)H * W / 4 * 3; }
// The row pass's store: a thread's COLS fields (m, low 24 bits each) packed at pixel i0 in 16-byte
// stores, and its shift s in the side array.
__device__ __forceinline__ void store_fixed(unsigned* __restrict__ mid, int H, int W, long long i0,
                                            const unsigned* m, int s) {
  unsigned w[COLS / 4 * 3];
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) pack4(m + 4 * q, w + 3 * q);
  uint4* p = reinterpret_cast<uint4*>(mid + i0 / 4 * 3);
#pragma unroll
  for (int q = 0; q < COLS / 4 * 3 / 4; ++q)
    p[q] = make_uint4(w[4 * q], w[4 * q + 1], w[4 * q + 2], w[4 * q + 3]);
  mid[scale_at(H, W) + i0 / COLS] = unsigned(s);
}
