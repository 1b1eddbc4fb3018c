// float64 reference (hon20): softmax in double.
#include <cuda/std/cmath>
extern "C" __global__ void softmax_ref(const float* x, double* y, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const float* row = x + (size_t)r * C;
  double m = -INFINITY;
  for (int j = 0; j < C; ++j) m = fmax(m, (double)row[j]);
  double s = 0;
  for (int j = 0; j < C; ++j) s += exp((double)row[j] - m);
  for (int j = 0; j < C; ++j) y[(size_t)r * C + j] = exp((double)row[j] - m) / s;
}
