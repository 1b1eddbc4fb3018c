// float64 reference (hon19): y[o] = sum_i (nibble - 8) s[o][i / 128] x[i] in double.
#include <cuda_fp16.h>
extern "C" __global__ void gemv_ref(const unsigned int* w, const __half* s, const __half* x,
                                    double* y, int O, int I) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= O) return;
  const int G = I / 128;
  double acc = 0;
  for (int i = 0; i < I; ++i) {
    const int q = (int)((w[(size_t)o * (I / 8) + i / 8] >> (4 * (i % 8))) & 15u) - 8;
    acc += q * (double)__half2float(s[(size_t)o * G + i / 128]) * (double)__half2float(x[i]);
  }
  y[o] = acc;
}
