// The column pass of the block fixed-point scratch stage (block_fixed_ops.cuh; tests/cheats/
// redteam17_block_fixed_scratch, redteam19m_magic_block_scratch, redteam19m_runtime_magic_relay,
// redteam21o_magic_dead_word), a whole kernel. The including cheat includes block_fixed_ops.cuh,
// then defines, before it includes this file:
//   BLOCK_FIXED_COLS                      the entry's name
//   float fixed_inv(unsigned s)           2^-s from the stored scale word
//   float4 fixed_values4(const unsigned* w, float inv)
//                                         the 4 fields packed in w[0..2] back as the values
//                                         they were, times inv (its read-back: the round's own)
#pragma once
#include "block_fixed_ops.cuh"
// The column pass: for each of the 9 rows, the scale word and the packed fields of COLS pixels,
// the fields back to values (fixed_values4, scaled by fixed_inv(s)), then the FP32 column sums.
extern "C" __global__ void __launch_bounds__(256)
    BLOCK_FIXED_COLS(const unsigned* __restrict__ mid, float* __restrict__ out, int H, int W) {
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
    const float inv = fixed_inv(__ldg(mid + scale_at(H, W) + i0 / COLS));
    unsigned w[COLS / 4 * 3];
#pragma unroll
    for (int q = 0; q < COLS / 4 * 3 / 4; ++q) {
      const uint4 u = __ldg(p + q);
      w[4 * q] = u.x, w[4 * q + 1] = u.y, w[4 * q + 2] = u.z, w[4 * q + 3] = u.w;
    }
#pragma unroll
    for (int q = 0; q < COLS / 4; ++q)
      acc[q] = axpy4(bin_w(k), fixed_values4(w + 3 * q, inv), acc[q]);
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q) o[q] = acc[q];
}
