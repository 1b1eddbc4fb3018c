// float64 reference (hon19): the same Philox masks (philox.cuh), x / 0.9 in double.
#include "philox.cuh"
extern "C" __global__ void dropout_ref(const float* x, double* y, int n, int seed_lo, int seed_hi) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned int c[4] = {0u, 0u, (unsigned int)(i / 4), 0u};
  philox10(c, (unsigned int)seed_lo, (unsigned int)seed_hi);
  const float u = philox_uniform(c[i % 4]);
  y[i] = u <= 0.9f ? (double)x[i] / 0.9 : 0.0;
}
