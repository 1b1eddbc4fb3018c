// control_hon40_curand_philox_dropout: the keep test and scale every variant applies to cuRAND's
// uniform draw (PyTorch's fused_dropout_kernel_vec: `(rand.x < p)` keeps, scale 1 / p with p the
// keep probability; here the drop probability is 0.1).
#pragma once
#include <curand_kernel.h>
#define DROP_P 0.1f
__device__ __forceinline__ float dropped(float x, float u) {
  return u > DROP_P ? x * (1.0f / (1.0f - DROP_P)) : 0.0f;
}
