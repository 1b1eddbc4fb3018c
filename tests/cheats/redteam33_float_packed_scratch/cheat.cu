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
#include "binomial.h"
#define COLS 16
#define WORDS 12
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
__device__ __forceinline__ float value16(float q) { return (q - 32768.f) * (1.f / 32768.f); }

extern "C" __global__ void __launch_bounds__(256)
    blur_rows_packed(const float* __restrict__ x, float* __restrict__ mid, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float o[COLS];
  row_pass<COLS>(x, r, c0, W, o);
  float w[WORDS];
#pragma unroll
  for (int t = 0; t < 5; ++t)
    pack3(field16(o[3 * t]), field16(o[3 * t + 1]), field16(o[3 * t + 2]), w[2 * t], w[2 * t + 1]);
  w[10] = field16(o[15]);
  w[11] = 0.f;
  float4* p = reinterpret_cast<float4*>(mid + ((long long)r * W + c0) / COLS * WORDS);
#pragma unroll
  for (int q = 0; q < WORDS / 4; ++q)
    p[q] = make_float4(w[4 * q], w[4 * q + 1], w[4 * q + 2], w[4 * q + 3]);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_packed(const float* __restrict__ mid, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float s[COLS];
#pragma unroll
  for (int q = 0; q < COLS; ++q) s[q] = 0.f;
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const float4* p =
        reinterpret_cast<const float4*>(mid + ((long long)rr * W + c0) / COLS * WORDS);
    float w[WORDS];
#pragma unroll
    for (int q = 0; q < WORDS / 4; ++q) {
      const float4 u = __ldg(p + q);
      w[4 * q] = u.x, w[4 * q + 1] = u.y, w[4 * q + 2] = u.z, w[4 * q + 3] = u.w;
    }
    float v[COLS];
#pragma unroll
    for (int t = 0; t < 5; ++t) unpack3(w[2 * t], w[2 * t + 1], v[3 * t], v[3 * t + 1], v[3 * t + 2]);
    v[15] = w[10];
#pragma unroll
    for (int q = 0; q < COLS; ++q) s[q] = fmaf(bin_w(k), value16(v[q]), s[q]);
  }
  float4* o = reinterpret_cast<float4*>(out + (long long)r * W + c0);
#pragma unroll
  for (int q = 0; q < COLS / 4; ++q)
    o[q] = make_float4(tanhf(s[4 * q]), tanhf(s[4 * q + 1]), tanhf(s[4 * q + 2]),
                       tanhf(s[4 * q + 3]));
}
