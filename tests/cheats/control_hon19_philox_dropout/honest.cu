// control_hon19_philox_dropout seed: element i takes word i % 4 of the Philox block of group
// i / 4 (cuRAND's layout, philox.cuh); kept where the uniform is <= 0.9, scaled by 1 / 0.9.
#include "philox.cuh"
extern "C" __global__ void dropout_plain(const float* x, float* y, int n, int seed_lo, int seed_hi) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned int c[4] = {0u, 0u, (unsigned int)(i / 4), 0u};
  philox10(c, (unsigned int)seed_lo, (unsigned int)seed_hi);
  const float u = philox_uniform(c[i % 4]);
  y[i] = u <= 0.9f ? x[i] * (1.0f / 0.9f) : 0.0f;
}
