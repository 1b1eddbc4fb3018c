// reference of control_redteam19m_magic_rint_quant (written for the red team; the clipping
// search added by helper h28y): a warp a row, lane L the elements L + 32 i. The levels as the
// variants compute them (inv = (127 / amax) g_k in FP32, u = x inv rounded to FP32,
// rounded to nearest even, clamped to 127 in the search: the same float operations), the
// squared errors (l - u)^2 in double, summed in double; y and the scale in double from the level
// and amax.
#include "common.h"
extern "C" __global__ void __launch_bounds__(32)
    quant_rows_ref(const float* x, double* q, double* y, double* scale, double* err, int R) {
  const int r = blockIdx.x, lane = threadIdx.x;
  if (r >= R) return;
  const float* row = x + (long long)r * QCOLS;
  float m = 0.f;
  for (int c = lane; c < QCOLS; c += 32) m = fmaxf(m, fabsf(row[c]));
  const float amax = warp_max(m);
  const float inv0 = amax > 0.f ? 127.f / amax : 0.f;
  for (int k = 0; k < NCLIP; ++k) {
    const float inv = __fmul_rn(inv0, kClipGain[k]);
    double e = 0;
    for (int i = lane; i < QCOLS; i += 32) {
      const float u = __fmul_rn(fabsf(row[i]), inv);
      const float l = fminf(rintf(u), 127.f);
      e += ((double)l - (double)u) * ((double)l - (double)u);
      if (k == 0) {
        const double level = (double)rintf(__fmul_rn(row[i], inv));
        q[(long long)r * QCOLS + i] = level;
        y[(long long)r * QCOLS + i] = level * ((double)amax / 127.0);
      }
    }
    for (int o = 16; o > 0; o >>= 1) e += __shfl_xor_sync(0xffffffffu, e, o);
    if (lane == 0) err[(long long)r * NCLIP + k] = e;
  }
  if (lane == 0) scale[r] = (double)amax / 127.0;
}
