// Red team 14's 3-bytes-a-value packing (narrow24_stage.cuh and tests/cheats/
// redteam17_int_answer_alias, whose stage lives in an int32 output): COLS row-pass values a thread,
// each narrowed by the includer's `unsigned narrow24(float)` (defined before this file) to 24 bits
// and packed 4 in 3 words low bits first (w0 = m0 | m1 << 24, ...); widen24 and unpack4 read them
// back (a shift: exact); store_packed24 writes a thread's words.
#pragma once
#include "binomial.h"
#define COLS 16
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
// A thread's COLS / 4 * 3 packed words at pixel (r, c0), 3/4 of a word a pixel, 16-byte stores.
__device__ __forceinline__ void store_packed24(unsigned* mid, int r, int c0, int W,
                                               const unsigned* w) {
  uint4* p = reinterpret_cast<uint4*>(mid + ((long long)r * W + c0) / 4 * 3);
#pragma unroll
  for (int q = 0; q < COLS / 4 * 3 / 4; ++q)
    p[q] = make_uint4(w[4 * q], w[4 * q + 1], w[4 * q + 2], w[4 * q + 3]);
}
