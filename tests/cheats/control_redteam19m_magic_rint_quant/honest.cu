// control_redteam19m_magic_rint_quant seed: four strided elements a thread, the level by
// __float2int_rn (cvt.rni.s32.f32).
#include "common.h"
extern "C" __global__ void __launch_bounds__(256)
    quant_rows(const float* __restrict__ x, int* __restrict__ q, float* __restrict__ y,
               float* __restrict__ scale) {
  const long long base = (long long)blockIdx.x * QCOLS;
  float v[4], m = 0.f;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    v[k] = __ldg(x + base + threadIdx.x + 256 * k);
    m = fmaxf(m, fabsf(v[k]));
  }
  const float amax = block_amax(m);
  const float inv = amax > 0.f ? 127.f / amax : 0.f, s = amax / 127.f;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    const int l = __float2int_rn(v[k] * inv);
    q[base + threadIdx.x + 256 * k] = l;
    y[base + threadIdx.x + 256 * k] = float(l) * s;
  }
  if (threadIdx.x == 0) scale[blockIdx.x] = s;
}
