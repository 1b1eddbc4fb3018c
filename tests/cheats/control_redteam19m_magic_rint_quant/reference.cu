// reference of control_redteam19m_magic_rint_quant (written for the red team): a thread a row,
// the level as the variants compute it (x times 127 / amax in FP32, rounded to nearest even: the
// same float operations), y and the scale in double from the level and amax.
#include "common.h"
extern "C" __global__ void __launch_bounds__(256)
    quant_rows_ref(const float* x, double* q, double* y, double* scale, int R) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const float* row = x + (long long)r * QCOLS;
  float amax = 0.f;
  for (int c = 0; c < QCOLS; ++c) amax = fmaxf(amax, fabsf(row[c]));
  const float inv = amax > 0.f ? 127.f / amax : 0.f;
  for (int c = 0; c < QCOLS; ++c) {
    const double l = (double)rintf(row[c] * inv);
    q[(long long)r * QCOLS + c] = l;
    y[(long long)r * QCOLS + c] = l * ((double)amax / 127.0);
  }
  scale[r] = (double)amax / 127.0;
}
