// Red team 34's packing for packed3_stage.cuh (tests/cheats/redteam34_subnormal_packed_scratch,
// its README; also red team 35's two folders, which take it unchanged): red team 33's three
// 16-bit fields in two FP32 words with no rounding instruction at all, every rounding the FP32
// multiplier's own. y rounded to the nearest integer is ((y x 2^-149) x 2^100) x 2^49 (y x 2^-149
// lands on the subnormal grid for |y| < 2^24; the two products after it are exact: FTZ is off,
// NVRTC's default, and without fast-math NVVM does not reassociate them); a floor of an integer
// by a power of two is that rounding and one correction by a compare. No cvt, no integer
// instruction, no additive magic constant.
#pragma once
// The nearest integer of y (|y| < 2^24, ties to even), by the FP32 range alone.
__device__ __forceinline__ float rn_int(float y) {
  return __fmul_rn(__fmul_rn(__fmul_rn(y, 0x1p-149f), 0x1p+100f), 0x1p+49f);
}
// floor(w / d) and w mod d for an integer 0 <= w < 2^24 and d a power of two (inv = 1 / d).
__device__ __forceinline__ void divmod(float w, float d, float inv, float& q, float& r) {
  q = rn_int(w * inv);
  r = fmaf(-d, q, w);
  if (r < 0.f) {
    q -= 1.f;
    r += d;
  }
}
#ifndef SUBNORMAL_PACK3_OWN_FIELD16  // red team 38 rounds its fields with its own
__device__ __forceinline__ float field16(float v) {
  return fminf(fmaxf(rn_int(v * 32768.f) + 32768.f, 0.f), 65535.f);
}
#endif
__device__ __forceinline__ void pack3(float a, float b, float c, float& w0, float& w1) {
  float bh, bl;
  divmod(b, 256.f, 1.f / 256.f, bh, bl);
  w0 = fmaf(a, 256.f, bh);
  w1 = fmaf(bl, 65536.f, c);
}
__device__ __forceinline__ void unpack3(float w0, float w1, float& a, float& b, float& c) {
  float bh, bl;
  divmod(w0, 256.f, 1.f / 256.f, a, bh);
  divmod(w1, 65536.f, 1.f / 65536.f, bl, c);
  b = fmaf(256.f, bh, bl);
}
