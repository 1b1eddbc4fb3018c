// Red team 38 (issue 28, P4m after p4m37): a scratch kept at 16 bits a value whose words change
// under every move of the inputs all the same.
//
// The scratch-resolution step (engine/backend/gpu/scratch_resolution.cpp `count_resolution`)
// calls a judged word unresolved where the fine move (a relative 2^-18 of every input) left it
// bit for bit as it was: `judged && A == fine`. That is a test of change, not of how much of the
// value the word carries. A 16-bit field rounded from v changes under the fine move with
// probability ~2^-18 / 2^-16, so red team 34's packing leaves ~90% of judged words unchanged
// (refused). Here each field is rounded after adding a dither d in [-1.5, 1.5] steps taken from
// v's own low bits (y = v 2^20, d = 3 (y - round(y)): the fine move shifts y by ~1-4, so d is redrawn
// on every move while v's top 16 bits barely move), so a field changes on most moves and a word
// (two or three fields) on nearly every one: the words read as "resolved" while each still holds
// a 16-bit value. The price is precision: the field's error is up to 2 steps, paid for by steps of
// 3 x 2^-18 over the row pass's range [0.25, 1) (red team 34's were 2^-15 over [-1, 1)): at most
// 2.3e-5, so tanh's output stays within rtol 1e-4 for every value (x uniform [0.25, 1): red team
// 35's law, which timed runs do not shrink).
// The packing (rn_int, pack3, unpack3) is red team 34's (kernels/blur/subnormal_pack3.cuh), the
// stage red team 33's (kernels/blur/packed3_stage.cuh): every rounding an FP32 product, no cvt, no
// integer instruction; only the field's rounding and value differ.
#define SUBNORMAL_PACK3_OWN_FIELD16
#define PACKED3_OWN_VALUE16
#include "subnormal_pack3.cuh"
// v in [0.25, 1) (the row pass of the law's values) as 16-bit fixed point: q = round((v - 1/4)
// 2^18 / 3 + d), d = 3 (y - round(y)), y = v 2^20 (< 2^24, so rn_int is exact on it): a dither of
// +-1.5 steps drawn from the bits of v below 2^-20; a step is 3 x 2^-18.
__device__ __forceinline__ float field16(float v) {
  const float y = v * 1048576.f;
  const float d = 3.f * (y - rn_int(y));
  return fminf(fmaxf(rn_int(fmaf(v - 0.25f, 262144.f / 3.f, d)), 0.f), 65535.f);
}
__device__ __forceinline__ float value16(float q) { return fmaf(q, 3.f / 262144.f, 0.25f); }
#include "packed3_stage.cuh"
