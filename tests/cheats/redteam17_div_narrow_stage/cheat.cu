// redteam17_div_narrow_stage child: red team 14's cheat (redteam14_int_narrow_stage) with the
// narrowing shift written as an inline-asm unsigned division by 256. generators/ptx_bit_narrowing.cpp
// (Scan::effect) models and/or/xor, shifts, mul/mad (lo, hi, wide) by a power of two, bfe/bfi,
// default prmt, shf, cvt and, since red team 16, lop3 with a constant LUT; any other integer
// instruction ends in `smear` ("mixes every bit it reads into every bit it writes"), so after
// `div.u32 %r, %r, 256` every bit carries every bit of the float, mantissa bit 0 reaches the
// store, and no origin is judged narrowed. The value is the same as `>> 8` (an unsigned division
// by 2^8 is a logical shift; ptxas strength-reduces a division by an immediate power of two).
// Otherwise red team 14's child: the seed's two passes, the scratch image stored in 3 bytes a
// value (sign, 8 exponent bits, 15 of 23 mantissa bits, round to nearest even in integer code),
// 16 values packed in 12 words; relative error <= 2^-16 a stored value, inside rtol 1e-4 on every
// set. Traffic per pixel: 4 + 3 + 3 + 4 = 14 bytes against the seed's 16.
__device__ __forceinline__ unsigned narrow24(float f) {
  const unsigned b = __float_as_uint(f);
  // Round to nearest even on the 8 dropped bits, then divide by 256: red team 14's `>> 8`.
  unsigned r;
  asm("div.u32 %0, %1, 256;" : "=r"(r) : "r"(b + 0x7Fu + ((b >> 8) & 1u)));
  return r;
}
// The packing and both launches: kernels/blur/narrow24_stage.cuh.
#include <narrow24_stage.cuh>
