// redteam14_int_narrow_stage child: the seed's two passes, but the scratch image is stored in 3
// bytes a value instead of 4. Launch 1 rounds each row-pass value to its top 24 bits (sign, 8
// exponent bits, 15 of the 23 mantissa bits: round to nearest even on the low 8 bits, in integer
// code) and packs a thread's 16 values into 12 words (three 16-byte stores); launch 2 unpacks
// them (a shift: exact) and filters the columns in FP32. Relative error of a stored value
// <= 2^-16 (half its 16-bit significand's ulp); every output is a positive-weight average of 9
// of them, so |error| <= 2^-16 x the average of |mid|: inside rtol 1e-4 on every input, whatever
// its scale or sign (no range assumption). A lower precision than the declared fp32, made
// without a cvt, an MMA or any half-format instruction: the PTX scan
// (generators/ptx_precision.cpp) reads only typed instructions. Traffic per pixel: 4 + 3 + 3 + 4
// = 14 bytes against the seed's 16.
__device__ __forceinline__ unsigned narrow24(float f) {
  const unsigned b = __float_as_uint(f);
  return (b + 0x7Fu + ((b >> 8) & 1u)) >> 8;  // round to nearest even on the 8 dropped bits
}
// The packing and both launches: kernels/blur/narrow24_stage.cuh.
#include <narrow24_stage.cuh>
