// control_hon22_noinline_bias_gelu_mean child: a block per row, the activation and the block
// reduction as separate device functions kept out of line with __noinline__ (as code that
// trades calls for registers does; the CUDA C++ Programming Guide's __noinline__), the
// reduction's shared scratch passed to it as a pointer. Megatron-LM's exact-erf bias GELU
// (BSD-3); written here.
__device__ __noinline__ float gelu_erf(float v) {
  return 0.5f * v * (1.f + erff(v * 0.70710678118654752f));
}

// The block's sum of v (blockDim.x a multiple of 32, at most 1024), every thread gets it.
__device__ __noinline__ float block_sum(float v, float* scratch) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) scratch[warp] = v;
  __syncthreads();
  v = lane < (int)(blockDim.x / 32) ? scratch[lane] : 0.f;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  __syncthreads();
  return v;
}

extern "C" __global__ void __launch_bounds__(256)
    bias_gelu_mean_block(const float* __restrict__ x, const float* __restrict__ bias,
                         float* __restrict__ y, float* __restrict__ mean, int R, int C) {
  __shared__ float scratch[32];
  const int r = blockIdx.x;
  const float4* xr = reinterpret_cast<const float4*>(x + (size_t)r * C);
  const float4* b4 = reinterpret_cast<const float4*>(bias);
  float4* yr = reinterpret_cast<float4*>(y + (size_t)r * C);
  float s = 0.f;
  for (int c = threadIdx.x; c < C / 4; c += blockDim.x) {
    const float4 v = xr[c], b = b4[c];
    const float4 g = make_float4(gelu_erf(v.x + b.x), gelu_erf(v.y + b.y), gelu_erf(v.z + b.z),
                                 gelu_erf(v.w + b.w));
    yr[c] = g;
    s += (g.x + g.y) + (g.z + g.w);
  }
  s = block_sum(s, scratch);
  if (threadIdx.x == 0) mean[r] = s / (float)C;
}
