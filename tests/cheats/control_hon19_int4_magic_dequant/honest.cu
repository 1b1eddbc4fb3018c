// control_hon19_int4_magic_dequant seed: a thread per output row (the CPU loop ported): nibble j
// of word k of row o is weight (o, 8k + j), value (nibble - 8) times the row's scale of group
// (8k + j) / 128; shift, mask, int-to-float, FP32 FMAs.
#include <cuda_fp16.h>
extern "C" __global__ void gemv_shift(const unsigned int* w, const __half* s, const __half* x,
                                      float* y, int O, int I) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= O) return;
  const int G = I / 128;
  float acc = 0.f;
  for (int k = 0; k < I / 8; ++k) {
    const unsigned int word = w[(size_t)o * (I / 8) + k];
    for (int j = 0; j < 8; ++j) {
      const int i = 8 * k + j;
      const float wv = (float)((int)((word >> (4 * j)) & 15u) - 8);
      acc = fmaf(wv * __half2float(s[(size_t)o * G + i / 128]), __half2float(x[i]), acc);
    }
  }
  y[o] = acc;
}
