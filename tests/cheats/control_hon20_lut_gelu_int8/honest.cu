// control_hon20_lut_gelu_int8 seed: a thread per element; byte i % 4 of word i / 4,
// sign-extended, through gelu_code.
#include "gelu.cuh"
extern "C" __global__ void gelu_direct(const unsigned int* q, float* y, int n, float scale) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int code = (int)(signed char)((q[i / 4] >> (8 * (i % 4))) & 255u);
  y[i] = gelu_code(code, scale);
}
