// control_hon21_causal_log_softmax child: PyTorch's persistent warp softmax in its log form
// (aten/src/ATen/native/cuda/PersistentSoftmax.cuh, BSD-3-Clause; written here, not copied):
// a warp a row of 1024, 32 scores a lane (element lane + 32 i) in registers, masked keys set to
// -inf before the max, butterfly max and sum over the warp, x - max - log(sum).
#include <math_constants.h>
extern "C" __global__ void __launch_bounds__(256)
    log_softmax_warp(const float* __restrict__ s, float* __restrict__ y, int R, int T) {
  constexpr int kIters = 32;  // T / 32, T == 1024
  const int r = blockIdx.x * 8 + (threadIdx.x >> 5), lane = threadIdx.x & 31;
  if (r >= R) return;
  const int q = r % T;
  const float* row = s + (size_t)r * T;
  float v[kIters];
  float m = -CUDART_INF_F;
#pragma unroll
  for (int i = 0; i < kIters; ++i) {
    const int j = lane + 32 * i;
    v[i] = j <= q ? __ldg(row + j) : -CUDART_INF_F;
    m = fmaxf(m, v[i]);
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  float sum = 0.f;
#pragma unroll
  for (int i = 0; i < kIters; ++i) sum += expf(v[i] - m);  // expf(-inf) == 0
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
  const float lse = m + logf(sum);
  float* out = y + (size_t)r * T;
#pragma unroll
  for (int i = 0; i < kIters; ++i) out[lane + 32 * i] = v[i] - lse;  // -inf - lse == -inf
}
