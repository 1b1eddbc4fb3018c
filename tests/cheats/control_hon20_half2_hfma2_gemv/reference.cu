// float64 reference (hon20): y = W x in double.
#include <cuda_fp16.h>
extern "C" __global__ void gemv_ref(const __half* W, const __half* x, double* y, int O, int I) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= O) return;
  double acc = 0;
  for (int i = 0; i < I; ++i)
    acc += (double)__half2float(W[(size_t)o * I + i]) * (double)__half2float(x[i]);
  y[o] = acc;
}
