// The amax seed of red team rounds 6 and 7: max |w| over every element.
extern "C" __global__ void amax_zero(float* amax) {
  if (threadIdx.x == 0) amax[0] = 0.0f;
}

__device__ void block_max_to(float v, float* amax) {
  __shared__ float warp_max[32];
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  if ((threadIdx.x & 31) == 0) warp_max[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < (blockDim.x >> 5) ? warp_max[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    // |w| >= 0: its bits order as unsigned integers.
    if (threadIdx.x == 0) atomicMax(reinterpret_cast<unsigned*>(amax), __float_as_uint(v));
  }
}

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
