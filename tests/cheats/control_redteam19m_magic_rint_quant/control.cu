// control_redteam19m_magic_rint_quant child: a float4 a thread, the level rounded by the magic
// number 1.5 x 2^23 (x 127 / amax is in [-127, 127]: the sum lies in [2^23, 2^24), where the FP32
// unit is 1, so it rounds to nearest even as cvt.rni does). The int8 level is the word's low 23
// bits less 2^22, stored to the int32 output; y is the rounded sum less the magic number, scaled.
// The levels are the problem's answer: no launch reads them back.
#include "common.h"
#define MAGIC 12582912.f
__device__ __forceinline__ void level(float v, float inv, float s, int& l, float& y) {
  const float t = __fadd_rn(__fmul_rn(v, inv), MAGIC);
  l = int(__float_as_uint(t) & 0x7FFFFFu) - 0x400000;
  y = (t - MAGIC) * s;
}
extern "C" __global__ void __launch_bounds__(256)
    quant_rows_magic(const float4* __restrict__ x, int4* __restrict__ q, float4* __restrict__ y,
                     float* __restrict__ scale) {
  const long long i = (long long)blockIdx.x * (QCOLS / 4) + threadIdx.x;
  const float4 v = __ldg(x + i);
  const float amax =
      block_amax(fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w))));
  const float inv = amax > 0.f ? 127.f / amax : 0.f, s = amax / 127.f;
  int4 l;
  float4 o;
  level(v.x, inv, s, l.x, o.x);
  level(v.y, inv, s, l.y, o.y);
  level(v.z, inv, s, l.z, o.z);
  level(v.w, inv, s, l.w, o.w);
  q[i] = l;
  y[i] = o;
  if (threadIdx.x == 0) scale[blockIdx.x] = s;
}
