// redteam21o_magic_dead_word child: redteam19m_magic_block_scratch (24 low bits of the
// magic-rounded word stored a value, read back under the exponent of 2^23) with every whole word
// also stored, under `if (W < 0)`: a branch no launch takes (W is the image's width), which
// neither NVVM nor a static scan can prove dead. The bit scan united the bits of every store of
// a float's word (a float split into halves, both stored, keeps every bit), so the dead whole
// word excused the field (h28m's residual (2)). Run time and traffic are the parent's: the dead
// branch costs a compare (predicted ~1.1x, as the parent's).
// The stage (kernels/blur/block_fixed_ops.cuh): the shift, the packing and the layout; the
// rounding, the dead store below and the read-back are this round's, the column pass
// block_fixed_cols.cuh.
#include "block_fixed_ops.cuh"
#define MAGIC 12582912.f  // 1.5 x 2^23
extern "C" __global__ void __launch_bounds__(256)
    blur_rows_dead(const float* __restrict__ x, unsigned* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  // big < 2^e, so |v| 2^s < 2^22 with s = 22 - e: inside the magic number's integer range.
  const int s = block_shift(o);
  const float sc = __int_as_float((127 + s) << 23);  // 2^s (s in [-104, 126] for normal data)
  unsigned m[COLS];
#pragma unroll
  for (int q = 0; q < COLS; ++q) m[q] = __float_as_uint(fmaf(o[q], sc, MAGIC));
  const long long i0 = (long long)r * W + c0;
  if (W < 0) {  // never: W > 0. The whole words, which the scan united with the fields.
#pragma unroll
    for (int q = 0; q < COLS; ++q) mid[i0 + q] = m[q] ^ unsigned(W);
  }
#pragma unroll
  for (int q = 0; q < COLS; ++q) m[q] &= 0xFFFFFFu;
  store_fixed(mid, H, W, i0, m, s);
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
#define BLOCK_FIXED_COLS blur_cols_dead
#include "block_fixed_cols.cuh"
