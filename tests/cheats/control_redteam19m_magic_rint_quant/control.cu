// control_redteam19m_magic_rint_quant child: each level rounded by the magic number 1.5 x 2^23
// (|u| <= 254: u + 1.5 x 2^23 lies in [2^23, 2^24), where the FP32 unit is 1, so the add rounds u
// to nearest even as cvt.rni does), clamped as a float, the float level the rounded sum less the
// magic number (exact): FP32 adds and a min, no conversion. At p_0 the int8 level is the word's
// low 23 bits less 2^22 (a field at the bottom of a float's bits), stored to the int32 output,
// which no launch reads back: it is the problem's answer.
#include "common.h"
#define MAGIC 12582912.f
struct RoundMagic {
  static __device__ __forceinline__ int level(float u, float& r) {
    const float t = __fadd_rn(u, MAGIC);
    r = t - MAGIC;
    return int(__float_as_uint(t) & 0x7FFFFFu) - 0x400000;
  }
  static __device__ __forceinline__ float clamped(float u) {
    return fminf(__fadd_rn(u, MAGIC), MAGIC + 127.f) - MAGIC;
  }
};
extern "C" __global__ void __launch_bounds__(256)
    quant_rows_magic(const float4* __restrict__ x, int4* __restrict__ q, float4* __restrict__ y,
                     float* __restrict__ scale, float* __restrict__ err) {
  quant_rows_body<RoundMagic>(x, q, y, scale, err);
}
