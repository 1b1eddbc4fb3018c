// control_hon20_prmt_int8_dequant seed: a thread per row; byte j of word k is weight 4k + j, its
// value byte - 128; FP32 FMAs, the row's scale at the end.
#include <cuda_fp16.h>
extern "C" __global__ void gemv_shift(const unsigned int* w, const __half* s, const __half* x,
                                      float* y, int O, int I) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= O) return;
  float acc = 0.f;
  for (int k = 0; k < I / 4; ++k) {
    const unsigned int word = w[(size_t)o * (I / 4) + k];
    for (int j = 0; j < 4; ++j)
      acc = fmaf((float)((int)((word >> (8 * j)) & 255u) - 128), __half2float(x[4 * k + j]), acc);
  }
  y[o] = acc * __half2float(s[o]);
}
