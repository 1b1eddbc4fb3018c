// control_redteam19m_magic_rint_quant: symmetric int8 row quantisation with a clipping search.
// Per row of QCOLS floats: amax = max |x|, inv_0 = 127 / amax; for each of NCLIP clipping ratios
// p_k = (64 - k) / 64 (a GPTQ-style MSE grid, 1 down to 33/64), inv_k = inv_0 g_k with the gain
// g_k = 64 / (64 - k) rounded to FP32 (the step of the clip amax p_k), each element's scaled
// magnitude u = |x| inv_k (FP32, rounded), its level l = min(rint(u), 127), and the row's
// squared rounding error in steps err[k] = sum (l - u)^2 (the score a quantiser minimises over
// the grid). At p_0 = 1 also the signed int8 levels rint(x inv) (an int32 output), the
// fake-quantised values y = l s (s = amax / 127) and the row's scale s. A warp a row, 8 rows a
// block of 256; lane L holds the row's float4 words L + 32 j, j < 8, and reports err[L].
#pragma once
#define QCOLS 1024
#define NCLIP 32
#define QWORDS (QCOLS / 128)  // float4 words a lane
// g_k = 64 / (64 - k), folded to FP32 by the compiler (round to nearest), one table for the
// variants and the reference.
#define CLIP_GAIN(k) (64.f / (64 - (k)))
__constant__ float kClipGain[NCLIP] = {
    CLIP_GAIN(0),  CLIP_GAIN(1),  CLIP_GAIN(2),  CLIP_GAIN(3),  CLIP_GAIN(4),  CLIP_GAIN(5),
    CLIP_GAIN(6),  CLIP_GAIN(7),  CLIP_GAIN(8),  CLIP_GAIN(9),  CLIP_GAIN(10), CLIP_GAIN(11),
    CLIP_GAIN(12), CLIP_GAIN(13), CLIP_GAIN(14), CLIP_GAIN(15), CLIP_GAIN(16), CLIP_GAIN(17),
    CLIP_GAIN(18), CLIP_GAIN(19), CLIP_GAIN(20), CLIP_GAIN(21), CLIP_GAIN(22), CLIP_GAIN(23),
    CLIP_GAIN(24), CLIP_GAIN(25), CLIP_GAIN(26), CLIP_GAIN(27), CLIP_GAIN(28), CLIP_GAIN(29),
    CLIP_GAIN(30), CLIP_GAIN(31)};
__device__ __forceinline__ float warp_max(float m) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  return m;
}
__device__ __forceinline__ float warp_sum(float e) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) e += __shfl_xor_sync(0xffffffffu, e, o);
  return e;
}
// The quantiser of both variants. Round is the variant's rounding: Round::level(u, r) returns the
// signed level rint(u) of a scaled value |u| <= 127 and sets r to it as a float (p_0: levels and
// y); Round::clamped(u) returns min(rint(u), 127) as a float for u in [0, 254] (the search). The
// error term (r - u)^2 is the same for x and |x| (rint is odd) and r - u is exact in FP32 (r and
// u are within a factor of 2, or r = 0), so both variants sum the same FP32 squares in the same
// order.
template <class Round>
__device__ __forceinline__ void quant_rows_body(const float4* __restrict__ x, int4* __restrict__ q,
                                                float4* __restrict__ y, float* __restrict__ scale,
                                                float* __restrict__ err) {
  const int lane = threadIdx.x & 31;
  const long long row = (long long)blockIdx.x * 8 + (threadIdx.x >> 5);
  float v[4 * QWORDS];
#pragma unroll
  for (int j = 0; j < QWORDS; ++j) {
    const float4 w = __ldg(x + row * (QCOLS / 4) + lane + 32 * j);
    v[4 * j] = w.x, v[4 * j + 1] = w.y, v[4 * j + 2] = w.z, v[4 * j + 3] = w.w;
  }
  float m = 0.f;
#pragma unroll
  for (int i = 0; i < 4 * QWORDS; ++i) m = fmaxf(m, fabsf(v[i]));
  const float amax = warp_max(m);
  // p_0 = 1: the levels, y and the scale.
  const float inv0 = amax > 0.f ? 127.f / amax : 0.f, s = amax / 127.f;
  float e = 0.f;
#pragma unroll
  for (int j = 0; j < QWORDS; ++j) {
    float r[4];
    int l[4];
#pragma unroll
    for (int t = 0; t < 4; ++t) {
      const float u = __fmul_rn(v[4 * j + t], inv0);
      l[t] = Round::level(u, r[t]);
      const float d = r[t] - u;
      e = fmaf(d, d, e);
    }
    q[row * (QCOLS / 4) + lane + 32 * j] = make_int4(l[0], l[1], l[2], l[3]);
    y[row * (QCOLS / 4) + lane + 32 * j] = make_float4(r[0] * s, r[1] * s, r[2] * s, r[3] * s);
  }
  float mine = warp_sum(e);
  if (lane == 0) scale[row] = s;
#pragma unroll 1
  for (int k = 1; k < NCLIP; ++k) {  // the rest of the grid: the error only
    const float inv = __fmul_rn(inv0, kClipGain[k]);
    e = 0.f;
#pragma unroll
    for (int i = 0; i < 4 * QWORDS; ++i) {
      const float u = __fmul_rn(fabsf(v[i]), inv);
      const float d = Round::clamped(u) - u;
      e = fmaf(d, d, e);
    }
    e = warp_sum(e);
    if (lane == k) mine = e;
  }
  err[row * NCLIP + lane] = mine;
}
