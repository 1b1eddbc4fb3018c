// control_hon20_philox_bitmask_dropout child: PyTorch fused-dropout's shape (a Philox draw of
// four words per thread for four elements a warp-width apart; ATen/native/cuda/Dropout.cu,
// BSD-3-Clause) with the keep mask bit-packed by __ballot_sync: word j of a warp's 128
// elements is the ballot of draw j. Written here.
#include "philox.cuh"
extern "C" __global__ void dropout_philox4(const float* __restrict__ x, float* __restrict__ y,
                                           unsigned int* __restrict__ mask, int n,
                                           unsigned int seed, unsigned int offset,
                                           unsigned int thresh, float scale) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
  const int g = t / 32;  // the warp's group of 128 elements
  if (g * 128 >= n) return;
  const uint4 r = philox4x32_10(make_uint4(offset, 0u, (unsigned int)t, 0u), make_uint2(seed, 0u));
  unsigned int words[4];
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const int i = g * 128 + 32 * j + lane;
    const bool keep = word_of(r, j) >= thresh;
    y[i] = keep ? x[i] * scale : 0.0f;
    words[j] = __ballot_sync(0xffffffffu, keep);
  }
  if (lane < 4) mask[g * 4 + lane] = words[lane];
}
