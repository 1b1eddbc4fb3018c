// The amax seed of red team rounds 6 and 7: max |w| over every element.
#include "amax_ops.cuh"  // amax_zero, block_max_to

extern "C" __global__ void __launch_bounds__(512)
    amax_honest(const float* __restrict__ w, float* amax, int n) {
  float v = 0.0f;
  const int n4 = n / 4;
  const float4* w4 = reinterpret_cast<const float4*>(w);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
    float4 q = w4[i];
    v = fmaxf(v, fmaxf(fmaxf(fabsf(q.x), fabsf(q.y)), fmaxf(fabsf(q.z), fabsf(q.w))));
  }
  for (int i = 4 * n4 + blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    v = fmaxf(v, fabsf(w[i]));
  block_max_to(v, amax);
}
