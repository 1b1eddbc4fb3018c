// float64 reference (hon20): a thread per mask word; each of its 32 elements draws its word as
// the seed does; y is x * scale rounded in FP32 (the problem's definition), widened.
#include "philox.cuh"
extern "C" __global__ void dropout_ref(const float* x, double* y, double* mask, int n,
                                       unsigned int seed, unsigned int offset, unsigned int thresh,
                                       float scale) {
  const int w = blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= n / 32) return;
  unsigned int bits = 0;
  for (int b = 0; b < 32; ++b) {
    const int i = 32 * w + b;
    const unsigned int c = (unsigned int)(i / 128) * 32u + (unsigned int)(i % 32);
    const uint4 r = philox4x32_10(make_uint4(offset, 0u, c, 0u), make_uint2(seed, 0u));
    const bool keep = word_of(r, (i % 128) / 32) >= thresh;
    y[i] = keep ? (double)(x[i] * scale) : 0.0;
    bits |= (unsigned int)keep << b;
  }
  mask[w] = (double)bits;
}
