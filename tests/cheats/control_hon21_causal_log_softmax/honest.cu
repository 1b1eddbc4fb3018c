// control_hon21_causal_log_softmax seed: a thread per row (the CPU loop ported), masked keys
// written as -inf.
#include <math_constants.h>
extern "C" __global__ void log_softmax_rows(const float* s, float* y, int R, int T) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const int q = r % T;
  const float* row = s + (size_t)r * T;
  float* out = y + (size_t)r * T;
  float m = -CUDART_INF_F;
  for (int j = 0; j <= q; ++j) m = fmaxf(m, row[j]);
  float sum = 0.f;
  for (int j = 0; j <= q; ++j) sum += expf(row[j] - m);
  const float lse = m + logf(sum);
  for (int j = 0; j < T; ++j) out[j] = j <= q ? row[j] - lse : -CUDART_INF_F;
}
