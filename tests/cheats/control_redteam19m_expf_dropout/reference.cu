// float64 reference of control_redteam19m_expf_dropout (common.h): the same dropout mask (integer
// hash, exact), the Gabor term and the exp2 term in double.
#include "common.h"
extern "C" __global__ void __launch_bounds__(256)
    gabor_dropout_ref(const float* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double v = (double)x[i];
  const double g = exp(-v * v) * sin(8.0 * v) + exp2(0.25 * v);
  y[i] = uniform01(unsigned(i)) < 0.125f ? 0.0 : g / 0.875;
}
