// control_hon21_lse_ex2_bf16 seed: a thread per row, expf and logf in FP32.
#include <cuda_bf16.h>
extern "C" __global__ void lse_rows(const __nv_bfloat16* s, float* lse, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const __nv_bfloat16* row = s + (size_t)r * C;
  float m = -3.0e38f;
  for (int j = 0; j < C; ++j) m = fmaxf(m, __bfloat162float(row[j]));
  float sum = 0.f;
  for (int j = 0; j < C; ++j) sum += expf(__bfloat162float(row[j]) - m);
  lse[r] = m + logf(sum);
}
