// control_hon20_q4_0_q8_1_dp4a seed: quantize_q8_1, then a thread per row: per block of 32,
// element j < 16 is the low nibble of byte j, element j + 16 its high nibble; integer products
// with the q8 values, then d4 (d8 sumi - 8 s).
#include "q8_1.cuh"
extern "C" __global__ void mmv_q4_0_serial(const unsigned int* qs, const __half* d4, const int* xq,
                                           const __half* xds, float* y, int O, int I) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= O) return;
  const unsigned char* wb = reinterpret_cast<const unsigned char*>(qs + (size_t)o * (I / 8));
  const signed char* q8 = reinterpret_cast<const signed char*>(xq);
  float acc = 0.f;
  for (int b = 0; b < I / 32; ++b) {
    int sumi = 0;
    for (int j = 0; j < 16; ++j) {
      const unsigned char byte = wb[16 * b + j];
      sumi += (int)(byte & 15) * q8[32 * b + j] + (int)(byte >> 4) * q8[32 * b + j + 16];
    }
    const float d8 = __half2float(xds[2 * b]), s = __half2float(xds[2 * b + 1]);
    acc += __half2float(d4[(size_t)o * (I / 32) + b]) * (sumi * d8 - 8.0f * s);
  }
  y[o] = acc;
}
