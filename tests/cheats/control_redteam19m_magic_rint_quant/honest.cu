// control_redteam19m_magic_rint_quant seed: each level by __float2int_rn (cvt.rni.s32.f32,
// F2I), clamped as an integer, and back to a float (cvt.rn.f32.s32): a conversion an element and
// clipping ratio on the SM's conversion pipe (16 a clock an SM), and one back.
#include "common.h"
struct RoundCvt {
  static __device__ __forceinline__ int level(float u, float& r) {
    const int l = __float2int_rn(u);
    r = float(l);
    return l;
  }
  static __device__ __forceinline__ float clamped(float u) {
    return float(min(__float2int_rn(u), 127));
  }
};
extern "C" __global__ void __launch_bounds__(256)
    quant_rows(const float4* __restrict__ x, int4* __restrict__ q, float4* __restrict__ y,
               float* __restrict__ scale, float* __restrict__ err) {
  quant_rows_body<RoundCvt>(x, q, y, scale, err);
}
