// FP32 -> FP8 E4M3 (fn: no infinities, max 448) code, round to nearest even, as PyTorch's
// c10::detail::fp8e4m3fn_from_fp32_value computes it in integer code (written for hon19):
// normal results by adding the exponent rebias and 0x7FFFF plus the kept mantissa's lowest
// bit, then keeping the top bits; results below 2^-6 by adding 2^-(127-141+23)... the float
// 2^14 (bits 141 << 23), which rounds the value at E4M3's denormal spacing, and subtracting
// its bits. Inputs must be finite and within +-448.
#pragma once
__device__ __forceinline__ int e4m3_from_f32(float f) {
  unsigned int bits = __float_as_uint(f);
  const unsigned int sign = bits & 0x80000000u;
  bits ^= sign;
  unsigned int code;
  if (bits < (121u << 23)) {  // below 2^-6: E4M3 denormal (or zero)
    const unsigned int denorm = 141u << 23;
    code = __float_as_uint(__uint_as_float(bits) + __uint_as_float(denorm)) - denorm;
  } else {
    const unsigned int odd = (bits >> 20) & 1u;
    bits += ((unsigned int)(7 - 127) << 23) + 0x7FFFFu + odd;
    code = bits >> 20;
  }
  return (int)(code | (sign >> 24));
}
