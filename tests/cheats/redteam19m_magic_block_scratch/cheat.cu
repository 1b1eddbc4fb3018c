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
// The stage (kernels/blur/block_fixed_ops.cuh): the shift, the packing and the layout; the
// rounding below and the read-back are this round's, the column pass block_fixed_cols.cuh.
#include "block_fixed_ops.cuh"
#define MAGIC 12582912.f  // 1.5 x 2^23
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_magic(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  // big < 2^e, so |v| 2^s < 2^22 with s = 22 - e: inside the magic number's integer range.
  const int s = block_shift(o);
  const float sc = __int_as_float((127 + s) << 23);  // 2^s (s in [-104, 126] for normal data)
  unsigned m[COLS];
#pragma unroll
  for (int q = 0; q < COLS; ++q) m[q] = __float_as_uint(fmaf(o[q], sc, MAGIC)) & 0xFFFFFFu;
  store_fixed(mid, H, W, (long long)r * W + c0, m, s);
}
// The field back as a float: 2^23 + f less 1.5 x 2^23, the rounded v 2^s exactly; 2^-s by the
// exponent field.
__device__ __forceinline__ float from_field(unsigned f) {
  return __uint_as_float(0x4B000000u | f) - MAGIC;
}
__device__ __forceinline__ float4 fixed_values4(const unsigned* w, float inv) {
  unsigned f[4];
  fields4(w, f);
  return make_float4(from_field(f[0]) * inv, from_field(f[1]) * inv, from_field(f[2]) * inv,
                     from_field(f[3]) * inv);
}
__device__ __forceinline__ float fixed_inv(unsigned s) {
  return __int_as_float((127 - int(s)) << 23);
}
#define BLOCK_FIXED_COLS blur_cols_magic
#include "block_fixed_cols.cuh"
