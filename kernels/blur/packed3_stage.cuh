// Red teams 33-35's packed scratch stage (tests/cheats/redteam33_float_packed_scratch,
// redteam34_subnormal_packed_scratch, redteam35_word_scratch_packed, redteam35_diluted_smooth_
// share): the tanh blur seed's two passes (blur_tanh_seed16.cu) with the row pass's values kept
// as 16-bit fixed point, q = round(v x 2^15) + 2^15 clamped to [0, 65535] and held in FP32,
// three fields in two words (pack3 / unpack3), 16 values a thread in 12 words (float4 stores):
// 14 bytes a pixel against the seed's 16. The includer defines how a value is rounded and the
// fields packed, the trick of each cheat, before the #include:
//   float field16(float v);                                  the value's 16-bit field
//   void pack3(float a, float b, float c, float& w0, float& w1);
//   void unpack3(float w0, float w1, float& a, float& b, float& c);
// and may define PACKED3_WORD, the scratch's element type in the two kernels' signatures (float
// unless defined: red team 35's u32 scratch spells `unsigned`), and PACKED3_COLS_MID with
// PACKED3_COLS_AT(m), the column pass's scratch parameter and the pointer made from it (red team
// 40: the pointer's bits passed as a uint2). An includer that defines
// PACKED3_OWN_VALUE16 defines value16(q), the field's value, itself (red team 38).
// No include guard: each cheat.cu includes it once, and scripts/host_emu/
// p4fix_scratch_resolution.cpp includes every cheat.cu into one program, each in a namespace.
#include "binomial.h"
#define COLS 16
#define WORDS 12
#ifndef PACKED3_STAGE_AT  // where the words go: the scratch passed (red team 38: elsewhere)
#define PACKED3_STAGE_AT(p) (p)
#endif
#ifndef PACKED3_WORD
#define PACKED3_WORD float
#endif
#ifndef PACKED3_COLS_MID  // the column pass's scratch parameter, and the pointer read through it
#define PACKED3_COLS_MID const PACKED3_WORD* __restrict__ mid
#define PACKED3_COLS_AT(m) (m)  // red team 40: a uint2 carrying the pointer's bits
#endif
#ifndef PACKED3_OWN_VALUE16  // red team 38 maps its fields onto [0, 1) with its own
__device__ __forceinline__ float value16(float q) { return (q - 32768.f) * (1.f / 32768.f); }
#endif

extern "C" __global__ void __launch_bounds__(256)
    blur_rows_packed(const float* __restrict__ x, PACKED3_WORD* __restrict__ mid, int H, int W) {
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
  float4* p =
      reinterpret_cast<float4*>(PACKED3_STAGE_AT(mid) + ((long long)r * W + c0) / COLS * WORDS);
#pragma unroll
  for (int q = 0; q < WORDS / 4; ++q)
    p[q] = make_float4(w[4 * q], w[4 * q + 1], w[4 * q + 2], w[4 * q + 3]);
}
extern "C" __global__ void __launch_bounds__(256)
    blur_cols_packed(PACKED3_COLS_MID, float* __restrict__ out, int H, int W) {
  const int c0 = COLS * (blockIdx.x * blockDim.x + threadIdx.x), r = blockIdx.y;
  if (c0 >= W || r >= H) return;
  float s[COLS];
#pragma unroll
  for (int q = 0; q < COLS; ++q) s[q] = 0.f;
#pragma unroll
  for (int k = 0; k < BIN_TAPS; ++k) {
    const int rr = clampi(r - BIN_HALF + k, 0, H - 1);
    const float4* p =
        reinterpret_cast<const float4*>(PACKED3_STAGE_AT(PACKED3_COLS_AT(mid)) +
                                        ((long long)rr * W + c0) / COLS * WORDS);
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
