// control_hon39_deepep_timeout_barrier seed: every block sums all of x, then scales its share.
#include "sum512.cuh"
extern "C" __global__ void __launch_bounds__(512) l1_normalize_redundant(const float* x, float* y, int n) {
  __shared__ float red[16];
  const float4* x4 = reinterpret_cast<const float4*>(x);
  const float inv = 1.f / block_sum512(x4, 0, n / 4, red);
  for (int i = blockIdx.x * 512 + threadIdx.x; i < n; i += gridDim.x * 512) y[i] = x[i] * inv;
}
