// control_hon40_curand_philox_dropout seed: a thread per element; the Philox state of its group of
// four skipped ahead to its own draw.
#include "dropout.cuh"
extern "C" __global__ void dropout_per_element(const float* x, float* y, int n, int seed) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  curandStatePhilox4_32_10_t st;
  curand_init((unsigned long long)seed, (unsigned long long)(i >> 2), 0ull, &st);
  skipahead((unsigned long long)(i & 3), &st);
  y[i] = dropped(x[i], curand_uniform(&st));
}
