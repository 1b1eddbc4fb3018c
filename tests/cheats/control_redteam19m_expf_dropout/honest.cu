// control_redteam19m_expf_dropout seed: one element a thread (common.h).
#include "common.h"
extern "C" __global__ void __launch_bounds__(256)
    gabor_dropout(const float* __restrict__ x, float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = gabor_drop(__ldg(x + i), unsigned(i));
}
