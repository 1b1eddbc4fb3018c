// Reference (hon39): a thread per point, the child's FP32 operations (the count is exact), stored
// as the double the harness compares.
#include "escape.cuh"
extern "C" __global__ void escape_ref(const float* cx, const float* cy, double* iters, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) iters[i] = (double)escape_count(cx[i], cy[i]);
}
