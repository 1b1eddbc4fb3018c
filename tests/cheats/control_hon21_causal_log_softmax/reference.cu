// float64 reference (hon21): a thread per row; keys past the query are masked to -inf, so their
// log-probability is -inf (log 0), the rest s - max - log(sum exp(s - max)).
#include <math_constants.h>
extern "C" __global__ void log_softmax_ref(const float* s, double* y, int R, int T) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const int q = r % T;
  const float* row = s + (size_t)r * T;
  double* out = y + (size_t)r * T;
  double m = -CUDART_INF;
  for (int j = 0; j <= q; ++j) m = fmax(m, (double)row[j]);
  double sum = 0;
  for (int j = 0; j <= q; ++j) sum += exp((double)row[j] - m);
  const double lse = m + log(sum);
  for (int j = 0; j < T; ++j) out[j] = j <= q ? (double)row[j] - lse : -CUDART_INF;
}
