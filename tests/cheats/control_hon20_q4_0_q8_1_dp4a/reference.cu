// float64 reference (hon20): x quantised to q8_1 as the kernels do (FP32: amax, d = amax / 127,
// q = roundf(x / d); d and the block's sum rounded to FP16), then
// y[o] = sum_b d4 (d8 sum_j q4_j q8_j - 8 s) in double.
#include <cuda_fp16.h>
extern "C" __global__ void q4_0_ref(const unsigned int* qs, const __half* d4, const float* x,
                                    double* y, int O, int I) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= O) return;
  const unsigned char* wb = reinterpret_cast<const unsigned char*>(qs + (size_t)o * (I / 8));
  double acc = 0;
  for (int b = 0; b < I / 32; ++b) {
    float amax = 0.f;
    double sum = 0;
    for (int j = 0; j < 32; ++j) {
      amax = fmaxf(amax, fabsf(x[32 * b + j]));
      sum += x[32 * b + j];
    }
    const float d = amax / 127.0f;
    long long sumi = 0;
    for (int j = 0; j < 16; ++j) {
      const unsigned char byte = wb[16 * b + j];
      const int qa = amax == 0.0f ? 0 : (int)roundf(x[32 * b + j] / d);
      const int qb = amax == 0.0f ? 0 : (int)roundf(x[32 * b + j + 16] / d);
      sumi += (long long)(byte & 15) * qa + (long long)(byte >> 4) * qb;
    }
    const double d8 = __half2float(__float2half(d)), s = __half2float(__float2half((float)sum));
    acc += (double)__half2float(d4[(size_t)o * (I / 32) + b]) * (d8 * (double)sumi - 8.0 * s);
  }
  y[o] = acc;
}
