// float64 reference (hon21): max + log(sum exp(s - max)) of each row, in one thread.
#include <cuda_bf16.h>
extern "C" __global__ void lse_ref(const __nv_bfloat16* s, double* lse, int R, int C) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  const __nv_bfloat16* row = s + (size_t)r * C;
  double m = -1e300;
  for (int j = 0; j < C; ++j) m = fmax(m, (double)__bfloat162float(row[j]));
  double sum = 0;
  for (int j = 0; j < C; ++j) sum += exp((double)__bfloat162float(row[j]) - m);
  lse[r] = m + log(sum);
}
