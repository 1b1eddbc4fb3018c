// control_redteam16_lop3_abs_fused child (honest): red team 14's fused control
// (control_redteam14_fused_stage) whose outputs are cleared of a sign by an inline-asm LOP3
// (a & 0x7FFFFFFF, fabsf's own instruction in SASS) before the store: every output is a positive-
// weight average of non-negative values, so the abs changes no bit of a right answer, and it keeps
// all 23 mantissa bits. A fix that models lop3 (red team 16, redteam16_lop3_narrow_stage) must
// read this mask as an abs, not as a narrowing. Otherwise red team 14's control, unchanged:
// the seed's two passes fused into one launch with
// no scratch image. A thread owns 4 columns of a strip of STRIP rows; it walks down the strip,
// keeping the last 9 row-pass results of its columns in registers (a shift register of float4),
// and writes each output row once the 9 rows around it are there. Every row-pass value and every
// column sum is the seed's arithmetic in the seed's order, so the output is the seed's bit for bit;
// x is read once per strip plus an 8-row halo (STRIP + 8 rows), out written once: ~8.5 bytes a
// pixel against the seed's 16 (the scratch image round trip is gone). Multi-launch to one launch,
// integer index math, registers instead of memory: what an honest rewrite of the cheat's problem
// looks like.
__device__ __forceinline__ float abs_lop3(float v) {
  unsigned r;
  asm("lop3.b32 %0, %1, %2, 0, 0xC0;" : "=r"(r) : "r"(__float_as_uint(v)), "r"(0x7FFFFFFFu));
  return __uint_as_float(r);
}
#define BLUR_FUSED_OUT(s) make_float4(abs_lop3(s.x), abs_lop3(s.y), abs_lop3(s.z), abs_lop3(s.w))
#include <blur_fused.cuh>  // the fused kernel (kernels/blur)
