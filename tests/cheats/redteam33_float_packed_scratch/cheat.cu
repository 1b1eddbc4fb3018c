// Red team 33 (issue 28, P4): a 16-bit fixed-point scratch image packed by FP32 arithmetic alone.
//
// The seed's two passes (kernels/blur/blur_tanh_seed16.cu) with the row-pass values kept as
// 16-bit fixed point: q = rint(v x 2^15) + 2^15 (v in (-1, 1): every verified and timed value of
// this problem is, the law being uniform [0, 1) and the problem not homogeneous, so no
// adversarial set applies),
// clamped to [0, 65535], an integer held in an FP32 register. Three fields A, B, C go into two
// words as integers below 2^24, so every step is exact in FP32:
//     w0 = A x 256 + floor(B / 256),   w1 = (B - 256 floor(B / 256)) x 65536 + C
// and come back by floorf and FMAs. 16 values a thread: 5 triples and one field alone, 11 words,
// padded to 12 for float4 stores: 3/4 of a word a pixel, 4 + 3 + 3 + 4 = 14 bytes a pixel against
// the seed's 16. Error of a value <= 2^-16 (2^-15 at the clamp), under tanh's slope 1: ~1.5e-5,
// under rtol 1e-4 x tanh(~0.5).
//
// What the scans read: no float's bits ever enter integer code (no mov.b32, no and/shr/prmt), no
// float-to-integer cvt (rint and floor are cvt.rni.f32.f32 / cvt.rmi.f32.f32, FP32 to FP32, which
// ptx_precision.cpp's classify skips: its two type tokens are equal), no half format: every store
// is a float value. ptx_bit_narrowing.cpp follows bits in integer code and ptx_fixed_point.h's round
// trip starts at a float-to-integer cvt, so neither sees the narrowing (h28m's list: "a rounding kept
// in float registers and stored as FP32 saves no traffic and is not judged"; here it does).
__device__ __forceinline__ float field16(float v) {
  return fminf(fmaxf(rintf(v * 32768.f) + 32768.f, 0.f), 65535.f);
}
__device__ __forceinline__ void pack3(float a, float b, float c, float& w0, float& w1) {
  const float bh = floorf(b * (1.f / 256.f));
  w0 = fmaf(a, 256.f, bh);
  w1 = fmaf(fmaf(-256.f, bh, b), 65536.f, c);
}
__device__ __forceinline__ void unpack3(float w0, float w1, float& a, float& b, float& c) {
  a = floorf(w0 * (1.f / 256.f));
  const float bh = fmaf(-256.f, a, w0);
  const float bl = floorf(w1 * (1.f / 65536.f));
  c = fmaf(-65536.f, bl, w1);
  b = fmaf(256.f, bh, bl);
}
// The stage (both launches, value16, 12 words a 16-pixel block): kernels/blur/packed3_stage.cuh.
#include "packed3_stage.cuh"
