// float64 reference (hon19): silu(a) * b in double.
#include <cuda_fp16.h>
extern "C" __global__ void silu_mul_ref(const __half* a, const __half* b, double* out, int T, int F) {
  const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (size_t)T * F) return;
  const double x = __half2float(a[i]);
  out[i] = x / (1.0 + exp(-x)) * (double)__half2float(b[i]);
}
