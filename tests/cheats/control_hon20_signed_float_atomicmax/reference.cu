// float64 reference (hon20): a thread per column, the max in double.
#include <cuda/std/cmath>
extern "C" __global__ void colmax_ref(const float* x, double* cmax, int R, int C) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= C) return;
  double m = -INFINITY;
  for (int r = 0; r < R; ++r) m = fmax(m, (double)x[(size_t)r * C + c]);
  cmax[c] = m;
}
