// float64 reference (hon20): y[o] = s[o] sum_i (byte_i - 128) x[i] in double.
#include <cuda_fp16.h>
extern "C" __global__ void gemv_ref(const unsigned int* w, const __half* s, const __half* x,
                                    double* y, int O, int I) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= O) return;
  double acc = 0;
  for (int i = 0; i < I; ++i) {
    const int q = (int)((w[(size_t)o * (I / 4) + i / 4] >> (8 * (i % 4))) & 255u) - 128;
    acc += q * (double)__half2float(x[i]);
  }
  y[o] = acc * (double)__half2float(s[o]);
}
