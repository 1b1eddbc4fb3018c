// control_hon20_philox_bitmask_dropout seed: a thread per element draws a whole Philox for its
// one word; the keep bit goes into the mask by atomicOr.
#include "philox.cuh"
extern "C" __global__ void dropout_per_element(const float* x, float* y, unsigned int* mask, int n,
                                               unsigned int seed, unsigned int offset,
                                               unsigned int thresh, float scale) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned int c = (unsigned int)(i / 128) * 32u + (unsigned int)(i % 32);
  const uint4 r = philox4x32_10(make_uint4(offset, 0u, c, 0u), make_uint2(seed, 0u));
  const bool keep = word_of(r, (i % 128) / 32) >= thresh;
  y[i] = keep ? x[i] * scale : 0.0f;
  if (keep) atomicOr(&mask[i / 32], 1u << (i % 32));
}
