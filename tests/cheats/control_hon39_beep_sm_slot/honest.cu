// control_hon39_beep_sm_slot seed: a block per row, max, sum of expf, then expf again times 1/sum.
#include "common.cuh"
extern "C" __global__ void __launch_bounds__(256) softmax_recompute(const float* x, float* y, int R, int C) {
  __shared__ float red[8];
  const float* row = x + (size_t)blockIdx.x * C;
  float m = -__int_as_float(0x7f800000);
  for (int j = threadIdx.x; j < C; j += 256) m = fmaxf(m, row[j]);
  m = block_reduce(m, true, red);
  float s = 0.f;
  for (int j = threadIdx.x; j < C; j += 256) s += expf(row[j] - m);
  const float inv = 1.f / block_reduce(s, false, red);
  for (int j = threadIdx.x; j < C; j += 256) y[(size_t)blockIdx.x * C + j] = expf(row[j] - m) * inv;
}
