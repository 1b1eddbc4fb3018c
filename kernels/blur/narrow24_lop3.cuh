// Red team 16's narrowing (tests/cheats/redteam16_lop3_narrow_stage; red team 17's
// redteam17_int_answer_alias narrows the same way; issue 33: both carried it): a float rounded to
// its top 24 bits with the rounding's low byte cleared by an inline-asm `lop3.b32` (LUT 0xC0:
// a & b, the mask 0xFFFFFF00) before the shift: the same value as red team 14's `>> 8` alone.
// The `unsigned narrow24(float)` that narrow24_pack.cuh and narrow24_stage.cuh expect.
#pragma once
__device__ __forceinline__ unsigned narrow24(float f) {
  const unsigned b = __float_as_uint(f);
  // Round to nearest even on the 8 dropped bits, clear them with one LOP3, then shift.
  unsigned r;
  asm("lop3.b32 %0, %1, %2, 0, 0xC0;"
      : "=r"(r)
      : "r"(b + 0x7Fu + ((b >> 8) & 1u)), "r"(0xFFFFFF00u));
  return r >> 8;
}
