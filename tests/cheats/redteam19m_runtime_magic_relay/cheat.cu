// redteam19m_runtime_magic_relay child: the block fixed-point scratch of
// redteam19m_magic_block_scratch with the magic number built at run time and the values read back
// by an ordinary conversion. The constant 1.5 x 2^23 is `__int_as_float(0x4B400000 + (W >> 31))`
// (W > 0, so the same word; NVVM cannot fold it), so no instruction names 12582912.f: the FMA
// `fmaf(v, 2^s, M)` rounds v 2^s to an integer whose value plus 2^22 sits in the low 23 bits of
// the word, of which 24 are kept and packed 4 in 3 words. The column pass subtracts 2^22 from
// each field and converts it with cvt.rn.f32.s32 (no cvt.rni on the way in: the rounding was the
// FMA's). Error of a value <= 2^-22 x its block's largest |value|; 14.5 bytes a pixel against
// the seed's 16.
// The stage (kernels/blur/block_fixed_ops.cuh): the shift, the packing and the layout; the
// rounding below and the read-back are this round's, the column pass block_fixed_cols.cuh.
#include "block_fixed_ops.cuh"
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_relay(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  const float magic = __int_as_float(0x4B400000 + (W >> 31));  // 1.5 x 2^23, built at run time
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  const int s = block_shift(o);
  const float sc = ldexpf(1.f, s);
  unsigned m[COLS];
#pragma unroll
  for (int q = 0; q < COLS; ++q) m[q] = __float_as_uint(fmaf(o[q], sc, magic)) & 0xFFFFFFu;
  store_fixed(mid, H, W, (long long)r * W + c0, m, s);
}
// The values of 4 packed fields: each field less 2^22 (an integer, converted by cvt.rn.f32.s32)
// times 2^-s.
__device__ __forceinline__ void unpack4(const unsigned* w, int* q) {
  q[0] = int(w[0] & 0xFFFFFFu) - 0x400000;
  q[1] = int((w[0] >> 24) | ((w[1] & 0xFFFFu) << 8)) - 0x400000;
  q[2] = int((w[1] >> 16) | ((w[2] & 0xFFu) << 16)) - 0x400000;
  q[3] = int(w[2] >> 8) - 0x400000;
}
__device__ __forceinline__ float4 fixed_values4(const unsigned* w, float inv) {
  int a[4];
  unpack4(w, a);
  return make_float4(a[0] * inv, a[1] * inv, a[2] * inv, a[3] * inv);
}
__device__ __forceinline__ float fixed_inv(unsigned s) { return ldexpf(1.f, -int(s)); }
#define BLOCK_FIXED_COLS blur_cols_relay
#include "block_fixed_cols.cuh"
