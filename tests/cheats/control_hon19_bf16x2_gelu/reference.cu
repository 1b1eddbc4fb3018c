// float64 reference (hon19): tanh GELU in double.
#include <cuda_bf16.h>
extern "C" __global__ void gelu_ref(const __nv_bfloat16* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double v = __bfloat162float(x[i]);
  y[i] = 0.5 * v * (1.0 + tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
}
